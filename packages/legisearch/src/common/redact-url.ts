/** What a secret in an echoed URL shows as. */
const HIDDEN = '***'

/** `k=v&k2=v2` with every value hidden (`k=***&k2=***`); a part without `=` is hidden whole (it may be a token). */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((part) => {
      if (part === '') return part
      const eq = part.indexOf('=')
      return eq < 0 ? HIDDEN : `${part.slice(0, eq + 1)}${HIDDEN}`
    })
    .join('&')
}

/**
 * A URL as messages and logs may show it: no user name or password (`***@`), no query value
 * (`?token=***`), no fragment; the scheme, host, port and path as given. Text that does not parse
 * as a URL is cut the same way by its shape.
 *
 * @example redactUrl('http://user:secret@host/list.xml?token=abc') // 'http://***@host/list.xml?token=***'
 */
export function redactUrl(url: string | URL): string {
  let parsed: URL | null = null
  if (url instanceof URL) parsed = url
  else {
    try {
      parsed = new URL(url)
    } catch {
      parsed = null
    }
  }
  if (parsed !== null) {
    const userinfo = parsed.username !== '' || parsed.password !== '' ? `${HIDDEN}@` : ''
    const query = parsed.search === '' ? '' : `?${redactQuery(parsed.search.slice(1))}`
    // `host` of a URL whose scheme has no authority (`mailto:`) is empty: show the scheme alone.
    const authority = parsed.host === '' && userinfo === '' ? '' : `//${userinfo}${parsed.host}`
    return `${parsed.protocol}${authority}${parsed.pathname}${query}`
  }
  const text = String(url).replace(/#.*$/s, '')
  const q = text.indexOf('?')
  const [head, query] = q < 0 ? [text, null] : [text.slice(0, q), text.slice(q + 1)]
  // Userinfo: whatever stands between `//` and the last `@` before the path.
  const cut = head.replace(/^([^/]*\/\/)[^/]*@/s, `$1${HIDDEN}@`)
  return query === null ? cut : `${cut}?${redactQuery(query)}`
}

/**
 * `text` (an error's cause, which may quote the URL) with every spelling of `url` in it, and its
 * password, replaced by the redacted URL / `***`.
 *
 * @example redactUrlIn('bad: http://u:p4ss@h/x', 'http://u:p4ss@h/x') // 'bad: http://***@h/x'
 */
export function redactUrlIn(text: string, url: string | URL): string {
  const shown = redactUrl(url)
  const spellings = new Set([String(url)])
  let password = ''
  try {
    const parsed = url instanceof URL ? url : new URL(url)
    spellings.add(parsed.href)
    password = parsed.password
  } catch {
    // Not a URL: its own spelling is all there is to replace.
  }
  let out = text
  for (const s of [...spellings].sort((a, b) => b.length - a.length)) if (s !== '') out = out.split(s).join(shown)
  if (password !== '') out = out.split(password).join(HIDDEN)
  return out
}
