/**
 * The text constraint of a request, once `q` and `keywords` are parsed: an AND of groups, each an
 * OR of items, minus the excluded items. An item is a phrase of one or more words (a single word is
 * a phrase of one), matched consecutively in one field under the request's mode.
 */
export interface TextItem {
  /** The words as typed (split by the tokenizer, dots of numbers removed). */
  readonly words: readonly string[]
  /** When the item is a proposition identifier typed in `q`: its lookup key (`pl 2630 2020`). */
  readonly identifier?: string
}

export interface TextQuery {
  readonly groups: readonly (readonly TextItem[])[]
  readonly exclude: readonly TextItem[]
}

export function isEmptyTextQuery(t: TextQuery): boolean {
  return t.groups.length === 0 && t.exclude.length === 0
}

/** Both constraints at once (`q` AND `keywords`). */
export function andTextQueries(a: TextQuery, b: TextQuery): TextQuery {
  return { groups: [...a.groups, ...b.groups], exclude: [...a.exclude, ...b.exclude] }
}

/** Every item that must or may be present (the ones highlights mark). */
export function positiveItems(t: TextQuery): TextItem[] {
  return t.groups.flat()
}
