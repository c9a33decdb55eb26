/**
 * Writes the demo snapshot: the seeded generator's records and a real UN list, into a fresh file.
 * Shared by `npm run demo` (scripts/demo.ts, with the built library) and the README examples' test
 * (test/readme, with the library the tests use), so both run against the same data.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Collection, RecordInput, openSnapshot } from '../packages/legisearch/src/index.js'
import { fixture } from '../test/helpers/fixtures.js'
import { DEFAULT_SEED, generate, sizesFor } from './generate/index.js'

/** The newest UN list of the repository's fixtures (`test/fixtures/un_sc`, unpacked on first use). */
export const FIXTURE_UN_LIST = 'un_sc/UN_consolidated_2026-02-27.xml'

/** Records per `upsert` call. */
const BATCH = 10_000

/** What the demo snapshot is made of. */
export interface DemoOptions {
  /** `'demo'` (default), `'bench'` or a count of propositions (scripts/generate's `sizesFor`). */
  readonly size?: 'demo' | 'bench' | number
  readonly seed?: number
  /** The UN list file to reconcile; default the newest of the fixtures. */
  readonly unList?: string
}

/** What was written. */
export interface DemoWritten {
  readonly counts: Record<string, number>
  readonly ms: number
  readonly unList: string
  readonly dateGenerated: string
  readonly listed: number
}

/**
 * Deletes `path` (and its -wal/-shm) and writes the demo snapshot there with `open` (a library's
 * `openSnapshot`), in calls of 10,000 records; the file is closed at the end.
 * @example writeDemoSnapshot(openSnapshot, '.demo/legisearch-demo.db')
 */
export function writeDemoSnapshot(open: typeof openSnapshot, path: string, options: DemoOptions = {}): DemoWritten {
  const size = options.size ?? 'demo'
  const seed = options.seed ?? DEFAULT_SEED
  const unList = options.unList ?? fixture(FIXTURE_UN_LIST)
  mkdirSync(dirname(path), { recursive: true })
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true })
  const sizes = sizesFor(size)
  const t0 = performance.now()
  const snap = open(path)
  try {
    const stakeholders = [...generate('stakeholders', sizes.stakeholders, { seed })]
    snap.upsert('stakeholders', stakeholders)
    const write = <C extends Collection>(c: C, records: Iterable<RecordInput<C>>) => {
      let batch: RecordInput<C>[] = []
      for (const r of records) {
        batch.push(r)
        if (batch.length === BATCH) {
          snap.upsert(c, batch)
          batch = []
        }
      }
      if (batch.length > 0) snap.upsert(c, batch)
    }
    for (const c of ['propositions', 'social', 'dou', 'bacen', 'notices', 'irs'] as const)
      write(c, generate(c, sizes[c], { seed, stakeholders, fullText: size === 'bench' }) as Iterable<RecordInput<typeof c>>)
    const r = snap.reconcileWatchlist(readFileSync(unList))
    return { counts: snap.counts(), ms: performance.now() - t0, unList, dateGenerated: r.dateGenerated, listed: r.listed.length }
  } finally {
    snap.close()
  }
}
