/**
 * Light Portuguese stemming of plural and feminine forms, after Lucene's
 * `PortugueseLightStemmer` (Savoy's light stemmer), run on the FOLDED word: the default mode is
 * "equal after folding and stemming", so a word typed without accents (`licitacoes`) must meet its
 * accented form (`licitações`). The rules are Lucene's with their accents folded (`ões` → `oes`,
 * `éis` → `eis`); feminine `-esa` meets its masculine `-ês` (`portuguesa` ~ `português`).
 * It only strips inflection, so `tributária` ~ `tributário` ~ `tributárias` while `parte` ≠
 * `partido` (Snowball merges those, which is why it is not used).
 *
 * Known limits, shared with Lucene: a stressed `-ês`/`-ís` plural misses its singular
 * (`portugueses` ≠ `português`, `países` ≠ `país`), and `parte` meets `parto`.
 *
 * @example stem(fold('tributárias')) // 'tributari'
 */
export function stem(word: string): string {
  if (word.length < 4) return word
  let w = removeSuffix(word)
  if (w.length > 3 && w.endsWith('a')) w = normFeminine(w)
  if (w.length > 4) {
    const last = w[w.length - 1]
    if (last === 'e' || last === 'a' || last === 'o') w = w.slice(0, -1)
  }
  return w
}

function removeSuffix(w: string): string {
  const n = w.length
  if (n > 4 && w.endsWith('es')) {
    const c = w[n - 3]
    if (c === 'r' || c === 's' || c === 'l' || c === 'z') return w.slice(0, -2)
  }
  if (n > 3 && w.endsWith('ns')) return w.slice(0, -2) + 'm'
  if (n > 4 && w.endsWith('eis')) return w.slice(0, -3) + 'el'
  if (n > 4 && w.endsWith('ais')) return w.slice(0, -3) + 'al'
  if (n > 4 && w.endsWith('ois')) return w.slice(0, -3) + 'ol'
  if (n > 4 && w.endsWith('is')) return w.slice(0, -2) + 'il'
  if (n > 3 && (w.endsWith('oes') || w.endsWith('aes'))) return w.slice(0, -3) + 'ao'
  if (n > 6 && w.endsWith('mente')) return w.slice(0, -5)
  if (n > 3 && w.endsWith('s')) return w.slice(0, -1)
  return w
}

function normFeminine(w: string): string {
  const n = w.length
  if (n > 7 && (w.endsWith('inha') || w.endsWith('iaca') || w.endsWith('eira'))) return w.slice(0, -1) + 'o'
  if (n > 6) {
    for (const s of FEMININE_O) if (w.endsWith(s)) return w.slice(0, -1) + 'o'
    if (w.endsWith('ona')) return w.slice(0, -3) + 'ao'
    if (w.endsWith('ora')) return w.slice(0, -1)
    // Lucene turns `-esa` into `-ês`; folded, `-ês` loses its `s` and then its `e`, so `-esa` → `-e`.
    if (w.endsWith('esa')) return w.slice(0, -2)
    if (w.endsWith('na')) return w.slice(0, -1) + 'o'
  }
  return w
}

const FEMININE_O = ['osa', 'ica', 'ida', 'ada', 'iva', 'ama']
