/**
 * The packages (packages/*) and the layers of the library's source (docs/DESIGN.md).
 *
 * Inside `legisearch` (packages/legisearch/src) each room may import itself and the rooms listed
 * for it; everything else is a violation, and so is any cycle, type-only imports included:
 *
 *   api → ingest → corpora | watchlist → query → text-index → store → text → common
 *
 * `index.ts` (the library's entry) and `internal.ts` (what the sibling packages share) may import
 * any room, and nothing in the library imports them. The sibling packages reach the library only
 * through those two entries, as `legisearch` and `legisearch/internal`:
 *
 *   @legisearch/cli → @legisearch/server | @legisearch/mcp → legisearch
 */
const CORE = 'packages/legisearch/src'
const LAYERS = {
  common: [],
  text: ['common'],
  store: ['common'],
  'text-index': ['store', 'text', 'common'],
  query: ['text-index', 'text', 'common'],
  corpora: ['query', 'text', 'common'],
  watchlist: ['query', 'store', 'text', 'common'],
  ingest: ['corpora', 'watchlist', 'query', 'store', 'text', 'common'],
  api: ['ingest', 'corpora', 'watchlist', 'query', 'text-index', 'store', 'text', 'common'],
}

const layerRules = Object.entries(LAYERS).map(([room, allowed]) => ({
  name: `layer-${room}`,
  comment: `${CORE}/${room}/ may import only ${[room, ...allowed].join(', ')} (docs/DESIGN.md)`,
  severity: 'error',
  from: { path: `^${CORE}/${room}/` },
  to: { path: `^${CORE}/`, pathNot: `^${CORE}/(${[room, ...allowed].join('|')})/` },
}))

/** Each sibling package, and the packages (by their entries) it may import besides the library's two. */
const SIBLINGS = { server: [], mcp: [], cli: ['server', 'mcp'] }
/** The web page's package: its folder's path, which `legisearch serve` serves. */
const WEB = '^packages/web/index\\.js$'

const siblingRules = Object.entries(SIBLINGS).map(([name, allowed]) => ({
  name: `package-${name}`,
  comment: `@legisearch/${name} imports the library through its entries only, and ${allowed.length ? allowed.map((a) => `@legisearch/${a}`).join(', ') + ' through theirs' : 'no other package'}`,
  severity: 'error',
  from: { path: `^packages/${name}/src/` },
  to: {
    path: '^packages/',
    pathNot: [
      `^packages/${name}/src/`,
      `^${CORE}/(index|internal)\\.ts$`,
      ...allowed.map((a) => `^packages/${a}/src/index\\.ts$`),
      ...(name === 'cli' ? [WEB] : []),
    ],
  },
}))

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Imports flow one way; a cycle (type-only imports included) is a layer bent back on itself.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    ...siblingRules,
    {
      name: 'library-imports-no-package',
      comment: 'The library never imports the packages built on it.',
      severity: 'error',
      from: { path: `^${CORE}/` },
      to: { path: '^packages/', pathNot: `^${CORE}/` },
    },
    {
      name: 'nothing-imports-the-entries',
      severity: 'error',
      from: { path: `^${CORE}/` },
      to: { path: `^${CORE}/(index|internal)\\.ts$` },
    },
    {
      name: 'rooms-only',
      comment: 'Every module of the library lives in a room (a folder of its src/) except the entries.',
      severity: 'error',
      from: { path: `^${CORE}/` },
      to: { path: `^${CORE}/[^/]+\\.ts$`, pathNot: `^${CORE}/(index|internal)\\.ts$` },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // ESM-only packages (citty) resolve through their "import" condition.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
  },
}
