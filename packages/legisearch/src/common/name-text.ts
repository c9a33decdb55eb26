/**
 * What a name a client gives (a monitor's name, an API key's client) must be: well-formed Unicode
 * text, with no lone surrogate (SQLite would store U+FFFD instead) and no control character (C0,
 * tab and newline included; DEL; C1).
 */
export const NAME_TEXT_RULE =
  'must be well-formed Unicode text without control characters (no lone surrogate, no U+0000–U+001F, U+007F–U+009F)'

/**
 * Whether `s` is a name as `NAME_TEXT_RULE` says: no lone surrogate and no control character.
 *
 * @example isNameText('Leituras') // true
 * @example isNameText('a\uD800b') // false
 */
export function isNameText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f)) return false
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1)
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false
      i++
    } else if (c >= 0xdc00 && c <= 0xdfff) return false
  }
  return true
}
