/** Runs `fn` with the library's text index set to `name` (`LEGISEARCH_TEXT_INDEX` is read at each open), restoring it after. */
export function withTextIndex<T>(name: string, fn: () => T): T {
  const saved = process.env['LEGISEARCH_TEXT_INDEX']
  process.env['LEGISEARCH_TEXT_INDEX'] = name
  try {
    return fn()
  } finally {
    if (saved === undefined) delete process.env['LEGISEARCH_TEXT_INDEX']
    else process.env['LEGISEARCH_TEXT_INDEX'] = saved
  }
}
