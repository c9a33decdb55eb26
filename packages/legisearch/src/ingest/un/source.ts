import { parseInstant } from '../../common/dates.js'
import { UN_CONSOLIDATED_LIST_URL } from '../../watchlist/list-url.js'
import { MAX_LIST_BYTES, type ParsedList, parseUnConsolidatedList } from '../../watchlist/parse.js'
import { ListRefusal } from '../../watchlist/refusal.js'
import { about } from './about.js'
import { type Batch, defineSource, type InputFile, type ReadContext } from '../define.js'
import { fileError } from '../file-error.js'
import { bytesOf, firstBytes, sizeOf } from '../files.js'
import { checkLines } from '../utf8.js'
import { rootOf } from '../xml.js'

const ROOT = 'CONSOLIDATED_LIST'
const official = new URL(UN_CONSOLIDATED_LIST_URL)

/** A UN list file, parsed whole (the real list is ~2 MB; the parser refuses one over 100 MB). */
function listOf(file: InputFile, ctx: ReadContext): ParsedList {
  const root = rootOf(file)
  if (root !== ROOT) {
    throw fileError(
      file,
      1,
      `is not a UN Security Council Consolidated List (its root is ${root === null ? 'missing' : `<${root}>`}, not <${ROOT}>)`,
    )
  }
  const size = sizeOf(file)
  if (size > MAX_LIST_BYTES)
    throw fileError(file, null, `${size} bytes, over the ${MAX_LIST_BYTES}-byte limit of a UN list (the real list is ~2 MB)`)
  const bytes = bytesOf(file)
  checkLines(file, bytes)
  ctx.progress(file, bytes.length, bytes.length)
  try {
    return parseUnConsolidatedList(bytes)
  } catch (e) {
    // The parser says what is wrong with the list; the refusal names the file here.
    if (e instanceof ListRefusal) throw fileError(file, null, e.inFile())
    throw e
  }
}

/** A list's `dateGenerated` as epoch ms, read from the root's start tag (null when it is not there). */
function generatedOf(file: InputFile): number | null {
  // XML allows either quote around an attribute value: the 2024–2025 lists write `dateGenerated='…'`.
  const m = /<CONSOLIDATED_LIST\b[^>]*?\bdateGenerated\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(firstBytes(file, 8192))
  const at = m?.[1] ?? m?.[2]
  return at === undefined ? null : parseInstant(at)
}

/**
 * Hands the lists of the call on oldest first (by `dateGenerated`, read from each file's root), so
 * the files of an archive may be given in any order; one list is parsed at a time, and the runner
 * reconciles each in turn. A file whose date cannot be read goes first, so its parse says why.
 */
async function* read(files: readonly InputFile[], ctx: ReadContext): AsyncGenerator<Batch> {
  const dated = files.map((file) => ({ file, at: generatedOf(file) ?? Number.NEGATIVE_INFINITY }))
  dated.sort((a, b) => a.at - b.at)
  for (const { file } of dated) yield { collection: 'watchlist', file, list: listOf(file, ctx) }
}

/** The UN Security Council Consolidated List (the sanctions watchlist), reconciled as `reconcileWatchlist` does. */
export const un = defineSource(about, {
  // A list is applied whole or not at all: a designation that cannot be read refuses its file.
  unmappable: 'refuse',
  remote: {
    base: official.origin,
    files: () => [{ path: official.pathname.slice(1), kind: 'consolidated-list' }],
    recognizes: (file) => rootOf(file) === ROOT,
  },
  read,
})
