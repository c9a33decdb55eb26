/**
 * String distances of the screening matcher: Jaro-Winkler (as moov-io/watchman ranks names) and
 * the optimal-string-alignment distance (Levenshtein plus the swap of two adjacent letters, the
 * commonest typing slip). Plain loops over char codes: these run a few hundred thousand times per
 * second of screening.
 */

/**
 * Jaro similarity of two strings, 0..1 (1 when equal).
 *
 * @example jaro('martha', 'marhta') // 0.944
 */
export function jaro(a: string, b: string): number {
  if (a === b) return 1
  const la = a.length
  const lb = b.length
  if (la === 0 || lb === 0) return 0
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1)
  const matchedA = new Uint8Array(la)
  const matchedB = new Uint8Array(lb)
  let matches = 0
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window)
    const hi = Math.min(lb - 1, i + window)
    const c = a.charCodeAt(i)
    for (let j = lo; j <= hi; j++) {
      if (matchedB[j] === 0 && b.charCodeAt(j) === c) {
        matchedA[i] = 1
        matchedB[j] = 1
        matches++
        break
      }
    }
  }
  if (matches === 0) return 0
  let transposed = 0
  let j = 0
  for (let i = 0; i < la; i++) {
    if (matchedA[i] === 0) continue
    while (matchedB[j] === 0) j++
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transposed++
    j++
  }
  return (matches / la + matches / lb + (matches - transposed / 2) / matches) / 3
}

/**
 * Jaro-Winkler similarity: Jaro raised for a common prefix of up to 4 letters (scale 0.1).
 *
 * @example jaroWinkler('dixon', 'dicksonx') // 0.813
 */
export function jaroWinkler(a: string, b: string): number {
  const j = jaro(a, b)
  if (j === 0 || j === 1) return j
  let prefix = 0
  const max = Math.min(4, a.length, b.length)
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++
  return j + prefix * 0.1 * (1 - j)
}

// Three rows reused across calls (the matcher is single-threaded); grown on demand.
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)]

/**
 * Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
 * adjacent letters, each costing 1. Returns `limit + 1` as soon as the distance is known to be
 * over `limit` (the default is no limit).
 *
 * @example osaDistance('faiz', 'afiz') // 1
 */
export function osaDistance(a: string, b: string, limit = Number.MAX_SAFE_INTEGER): number {
  if (a === b) return 0
  const la = a.length
  const lb = b.length
  if (Math.abs(la - lb) > limit) return limit + 1
  if (la === 0) return lb
  if (lb === 0) return la
  if (rows[0].length <= lb) rows = [new Int32Array(lb + 1), new Int32Array(lb + 1), new Int32Array(lb + 1)]
  let prev2 = rows[0]
  let prev = rows[1]
  let cur = rows[2]
  for (let j = 0; j <= lb; j++) prev[j] = j
  for (let i = 1; i <= la; i++) {
    cur[0] = i
    let rowMin = i
    const ca = a.charCodeAt(i - 1)
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1)
      const cost = ca === cb ? 0 : 1
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost)
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, (prev2[j - 2] as number) + 1)
      cur[j] = v
      if (v < rowMin) rowMin = v
    }
    if (rowMin > limit) return limit + 1
    const t = prev2
    prev2 = prev
    prev = cur
    cur = t
  }
  return prev[lb] as number
}

function sameFrom(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false
  return true
}

/**
 * Whether two strings are at most one edit apart (insert, delete, substitute, or swap two
 * adjacent letters): osaDistance(a, b) <= 1 in one pass.
 *
 * @example withinOneEdit('slaim', 'salim') // true
 */
export function withinOneEdit(a: string, b: string): boolean {
  const la = a.length
  const lb = b.length
  if (Math.abs(la - lb) > 1) return false
  let i = 0
  const n = Math.min(la, lb)
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++
  if (i === n) return true
  if (la === lb) {
    if (sameFrom(a, i + 1, b, i + 1)) return true
    return a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && sameFrom(a, i + 2, b, i + 2)
  }
  return la > lb ? sameFrom(a, i + 1, b, i) : sameFrom(a, i, b, i + 1)
}
