#!/usr/bin/env node
/**
 * `legisearch`: the command line, a separate entry point over `api/` (the library root never
 * imports it). Subcommands load lazily.
 */
import { defineCommand, runMain } from 'citty'

const main = defineCommand({
  meta: {
    name: 'legisearch',
    version: '0.1.0',
    description: 'Search Brazilian legislative, regulatory and gazette data offline, from one snapshot file.',
  },
  subCommands: {
    fetch: () => import('./fetch.js').then((m) => m.default),
    ingest: () => import('./ingest.js').then((m) => m.default),
    search: () => import('./search.js').then((m) => m.default),
    document: () => import('./document.js').then((m) => m.default),
    info: () => import('./info.js').then((m) => m.default),
    upgrade: () => import('./upgrade.js').then((m) => m.default),
    sources: () => import('./sources.js').then((m) => m.default),
    watchlist: () => import('./watchlist.js').then((m) => m.default),
    monitors: () => import('./monitors.js').then((m) => m.default),
    searches: () => import('./searches.js').then((m) => m.default),
    alerts: () => import('./alerts.js').then((m) => m.default),
    stakeholders: () => import('./stakeholders.js').then((m) => m.default),
    screen: () => import('./screen.js').then((m) => m.default),
    keys: () => import('./keys.js').then((m) => m.default),
    serve: () => import('./serve.js').then((m) => m.default),
    openapi: () => import('./openapi.js').then((m) => m.default),
    mcp: () => import('./mcp.js').then((m) => m.default),
  },
})

// Ctrl-C ends the process through `exit`, so temporary files (unpacked archives) are removed; an
// ingest under way is rolled back by SQLite (its transaction never committed).
process.once('SIGINT', () => process.exit(130))

void runMain(main)
