import { about as alesp } from './alesp/about.js'
import { about as bacen } from './bacen/about.js'
import { about as camara } from './camara/about.js'
import { about as dou } from './dou/about.js'
import { about as irs } from './irs/about.js'
import { about as notices } from './notices/about.js'
import { about as senado } from './senado/about.js'
import { about as social } from './social/about.js'
import { about as un } from './un/about.js'
import type { SourceAbout, SourceDefinition } from './define.js'

/** A source as listed: what it is (loaded with the library), and its reader (loaded on first use). */
interface Entry<N extends string> {
  readonly about: SourceAbout<N>
  readonly load: () => Promise<SourceDefinition<N>>
}

/** Pairs a source's `about` with its reader's module: the reader must be of that source (its type says so). */
const entry = <const N extends string>(about: SourceAbout<N>, load: () => Promise<SourceDefinition<NoInfer<N>>>): Entry<N> => ({
  about,
  load,
})

/**
 * Every ingest source. Adding one = one folder under `ingest/` (its `about.ts` and `source.ts`) +
 * one entry here; the CLI's `ingest`/`fetch` commands and the sources' conformance suite derive
 * from this list. A source's reader and its parsers are a dynamic `import()`: the library's ES
 * build puts them in chunks of their own, loaded by the first `ingest` or `fetchSource` of it.
 */
const LIST = [
  entry(camara, async () => (await import('./camara/source.js')).camara),
  entry(senado, async () => (await import('./senado/source.js')).senado),
  entry(alesp, async () => (await import('./alesp/source.js')).alesp),
  entry(un, async () => (await import('./un/source.js')).un),
  entry(dou, async () => (await import('./dou/source.js')).dou),
  entry(bacen, async () => (await import('./bacen/source.js')).bacen),
  entry(irs, async () => (await import('./irs/source.js')).irs),
  entry(notices, async () => (await import('./notices/source.js')).notices),
  entry(social, async () => (await import('./social/source.js')).social),
] as const

export type SourceName = (typeof LIST)[number]['about']['name']

/** What each source is, by name (what `sources()` lists), without its reader. */
export const SOURCES: { readonly [N in SourceName]: SourceAbout<N> } = Object.freeze(
  Object.fromEntries(LIST.map((s) => [s.about.name, s.about])),
) as { readonly [N in SourceName]: SourceAbout<N> }

export const SOURCE_NAMES: readonly SourceName[] = LIST.map((s) => s.about.name)

const LOADERS = new Map<string, () => Promise<SourceDefinition>>(LIST.map((s) => [s.about.name, s.load]))

/**
 * A source with its reader, loading its module on first use (later calls get the same module).
 *
 * @example const camara = await loadSource('camara') // camara.read(files, ctx)
 */
export async function loadSource<N extends SourceName>(name: N): Promise<SourceDefinition<N>> {
  const load = LOADERS.get(name) as () => Promise<SourceDefinition<N>>
  return load()
}
