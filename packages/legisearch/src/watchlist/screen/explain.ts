import type { ComparableName, NameComparison, Pairing } from './compare.js'
import type { NameWord } from './normalize.js'
import type { SubjectNameKind } from './subject.js'

/**
 * The reasons an analyst reads beside a hit: how many of the query's words matched and how
 * (exact, spelling variant, close, initial, written together), which name of the subject
 * matched, and what the reading of the query changed (its script, a comma form, the order).
 */

const HOW: Record<Pairing['how'], string> = {
  exact: 'exact',
  variant: 'spelling variant',
  close: 'close',
  initial: 'initial',
  joined: 'written together',
}
const ORDER: readonly Pairing['how'][] = ['exact', 'variant', 'close', 'joined', 'initial']

function shown(words: readonly NameWord[], idx: readonly number[]): string {
  return idx.map((i) => (words[i] as NameWord).shown).join(' ')
}

function kindReason(kind: SubjectNameKind, script: string | null): string {
  switch (kind) {
    case 'primary':
      return 'matched primary name'
    case 'alias':
      return 'matched alias'
    case 'weak_alias':
      return 'matched alias (low quality)'
    case 'original_script':
      return `matched original-script name${script ? ` (${script})` : ''}`
  }
}

/**
 * The reasons of one name comparison, in the order an analyst reads them.
 *
 * @example explainName(q, s, cmp, 'alias')[0] // 'name: 2 of 2 query words matched (1 exact, 1 spelling variant: "saif"~"seif")'
 */
export function explainName(query: ComparableName, subject: ComparableName, cmp: NameComparison, kind: SubjectNameKind): string[] {
  const Q = query.name.words
  const S = subject.name.words
  const covered = new Set<number>()
  const byHow = new Map<Pairing['how'], Pairing[]>()
  for (const p of cmp.pairs) {
    for (const i of p.q) covered.add(i)
    const list = byHow.get(p.how) ?? []
    list.push(p)
    byHow.set(p.how, list)
  }
  const parts: string[] = []
  for (const how of ORDER) {
    const list = byHow.get(how)
    if (!list) continue
    const words = list.reduce((n, p) => n + p.q.length, 0)
    const examples = how === 'exact' ? '' : `: ${list.map((p) => `"${shown(Q, p.q)}"~"${shown(S, p.s)}"`).join(', ')}`
    parts.push(`${words} ${HOW[how]}${examples}`)
  }
  const reasons = [`name: ${covered.size} of ${Q.length} query words matched${parts.length ? ` (${parts.join(', ')})` : ''}`]
  reasons.push(kindReason(kind, subject.name.script))
  if (query.name.script) reasons.push(`transliterated from ${query.name.script} script`)
  if (query.name.commaForm) reasons.push('comma form read as "given names family name"')
  if (cmp.orderDiffers) reasons.push('word order differs')
  const missing = Q.filter((_, i) => !covered.has(i)).map((w) => w.shown)
  if (missing.length) reasons.push(`query words not in the name: ${missing.join(', ')}`)
  const usedS = new Set(cmp.pairs.flatMap((p) => p.s))
  // Particles and forms left out (`the`, `of`, `bin`) go unsaid.
  const extra = S.filter((w, j) => !usedS.has(j) && w.weight >= 0.5).map((w) => w.shown)
  if (extra.length) reasons.push(`listed words not in the query: ${extra.join(', ')}`)
  return reasons
}
