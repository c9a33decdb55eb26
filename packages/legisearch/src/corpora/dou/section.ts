import { fold } from '../../text/fold.js'

/**
 * The comparable form of a gazette section. `Seção 1`, `secao 1`, `DO1` and `1` are section `1`;
 * an extra edition (`Seção 1 - Extra`, `Seção 1 Extra A`) is also `1 extra`. A record offers both
 * keys, so asking for section 1 finds its extra editions, and asking for `Seção 1 Extra` finds only
 * those. A label with no section number is compared folded, as any open value.
 */
export function sectionKey(label: string): string {
  const folded = fold(label).trim()
  const n = /(\d+)/.exec(folded)
  if (!n) return folded.replace(/\s+/g, ' ')
  return /\bextra\b/.test(folded) ? `${Number(n[1])} extra` : String(Number(n[1]))
}

/** Every key a record's section answers to. */
export function sectionKeys(label: string): string[] {
  const key = sectionKey(label)
  return key.endsWith(' extra') ? [key, key.slice(0, -' extra'.length)] : [key]
}
