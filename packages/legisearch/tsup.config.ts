import { defineConfig, type Options } from 'tsup'

/**
 * The library has one dependency of its own, better-sqlite3 (native). Everything else it uses
 * (zod, the parsers of the official files, the name tables) is bundled into dist/, shaken to what
 * it calls: an install is better-sqlite3 and this package, and the ES build's rarely used parts
 * (ingest and each source's parsers, downloads, the webhook sender) are chunks of their own,
 * loaded on first use; what a synchronous method needs (searches, screening, the watchlist) loads
 * at import. zod's type
 * declarations, which the public types use, are copied beside them (scripts/declarations.ts).
 */
/** A `require` for an ES module bundle whose bundled CommonJS libraries require Node's own modules. */
export const REQUIRE_BANNER = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
}

const shared: Options = {
  target: 'node20',
  platform: 'node',
  external: ['better-sqlite3'],
  noExternal: [/^(?!better-sqlite3$)/],
  treeshake: true,
  // Smaller to read and compile at import; names kept, so stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  // Read by scripts/licenses.ts (the bundled packages' licences), then removed.
  metafile: true,
}

export default defineConfig([
  // The ES build, with `legisearch/internal` (what the sibling packages share) as a second entry of
  // the same build, so that both entries share one copy of every module.
  // Its bundled CommonJS libraries `require` Node's own modules: each chunk gets a `require`.
  {
    ...shared,
    entry: { index: 'src/index.ts', internal: 'src/internal.ts' },
    format: ['esm'],
    splitting: true,
    dts: true,
    banner: REQUIRE_BANNER,
  },
  // The CommonJS build: one file, requiring no ES module.
  { ...shared, entry: { index: 'src/index.ts' }, format: ['cjs'], dts: { entry: { index: 'src/index.ts' } } },
])
