/**
 * Light Portuguese stemming of plural and feminine forms: a faithful port of Lucene's
 * `PortugueseLightStemmer` (Savoy's light stemmer). It runs on the lower-cased word WITH its
 * accents (the rules read `ões`, `éis`, `ês`…) and the caller folds the result. It only strips
 * inflection, so `tributária` ~ `tributário` ~ `tributárias` but `parte` ≠ `partido` ≠ `parto`
 * (Snowball would merge those, which is why it is not used).
 *
 * @example fold(stem('tributárias')) // 'tributari'
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
  if (n > 4 && (w.endsWith('eis') || w.endsWith('éis'))) return w.slice(0, -3) + 'el'
  if (n > 4 && w.endsWith('ais')) return w.slice(0, -3) + 'al'
  if (n > 4 && w.endsWith('óis')) return w.slice(0, -3) + 'ol'
  if (n > 4 && w.endsWith('is')) return w.slice(0, -2) + 'il'
  if (n > 3 && (w.endsWith('ões') || w.endsWith('ães'))) return w.slice(0, -3) + 'ão'
  if (n > 6 && w.endsWith('mente')) return w.slice(0, -5)
  if (n > 3 && w.endsWith('s')) return w.slice(0, -1)
  return w
}

function normFeminine(w: string): string {
  const n = w.length
  if (n > 7 && (w.endsWith('inha') || w.endsWith('iaca') || w.endsWith('eira'))) return w.slice(0, -1) + 'o'
  if (n > 6) {
    for (const s of FEMININE_O) if (w.endsWith(s)) return w.slice(0, -1) + 'o'
    if (w.endsWith('ona')) return w.slice(0, -3) + 'ão'
    if (w.endsWith('ora')) return w.slice(0, -1)
    if (w.endsWith('esa')) return w.slice(0, -3) + 'ês'
    if (w.endsWith('na')) return w.slice(0, -1) + 'o'
  }
  return w
}

const FEMININE_O = ['osa', 'ica', 'ida', 'ada', 'iva', 'ama']
