/**
 * The layers of src/ (docs/DESIGN.md). Each room may import itself and the rooms listed for it;
 * everything else is a violation, and so is any cycle, type-only imports included.
 *
 *   cli → server | mcp → api → ingest → corpora | watchlist → query → text-index → store → text → common
 *
 * `src/index.ts` is the library's entry: it may import any room but the separate entry points
 * (cli, server, mcp), and nothing imports it.
 */
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
  cli: ['server', 'mcp', 'api', 'common'],
  server: ['api', 'common'],
  mcp: ['api', 'common'],
}

const layerRules = Object.entries(LAYERS).map(([room, allowed]) => ({
  name: `layer-${room}`,
  comment: `src/${room}/ may import only ${[room, ...allowed].join(', ')} (docs/DESIGN.md)`,
  severity: 'error',
  from: { path: `^src/${room}/` },
  to: { path: '^src/', pathNot: `^src/(${[room, ...allowed].join('|')})/` },
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
    {
      name: 'entry-imports-no-shell',
      comment: 'The library root never imports the separate entry points.',
      severity: 'error',
      from: { path: '^src/index\\.ts$' },
      to: { path: '^src/(cli|server|mcp)/' },
    },
    {
      name: 'nothing-imports-the-entry',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/index\\.ts$' },
    },
    {
      name: 'rooms-only',
      comment: 'Every module lives in a room (a folder of src/) except the entry.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/[^/]+\\.ts$', pathNot: '^src/index\\.ts$' },
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
