/**
 * Korean names in Latin letters: any-ascii writes Hangul in the Revised Romanization (김정은 →
 * `gim jeong eun`), the UN list and the press in McCune-Reischauer or older habits (`KIM JONG UN`,
 * `PAK`, `RI`, `Park`, `Lee`). One key per syllable folds those systems together: plain and
 * aspirated stops alike (g/k, d/t, b/p, j/ch), r/l alike, the initial r/l before i dropped (리 is Ri,
 * Li, Lee or I), and the vowels that the systems spell apart (eo, o, u, eu, oo) as one.
 */

const STEPS: readonly [RegExp, string][] = [
  [/^[rl](?=i|y|ee)/, ''],
  [/^yi/, 'i'],
  [/eo|eu|oo|wo|o/g, 'u'],
  [/ee/g, 'i'],
  [/ae|ai/g, 'e'],
  [/ch|tch/g, 'j'],
  [/([kgtdpbj])h/g, '$1'],
  [/g/g, 'k'],
  [/d/g, 't'],
  [/b/g, 'p'],
  [/l/g, 'r'],
  [/sh/g, 's'],
  // The English-style r of Park, Kark: silent before the final consonant.
  [/(?<=[aeiu])r(?=[kmnpt]$)/, ''],
]

/**
 * The romanization-independent key of one Korean syllable (or two written together).
 *
 * @example koreanKey('gim') === koreanKey('kim') // true
 * @example koreanKey('bag') === koreanKey('park') // true ('pak')
 */
export function koreanKey(word: string): string {
  let w = word
  for (const [re, to] of STEPS) w = w.replace(re, to)
  return w.replace(/(.)\1+/g, '$1')
}
