/**
 * The benchmark corpus: one snapshot built with the project's seeded demo generator and ingested
 * through the public API (`snap.upsert`, calls of 10,000 records), cached under `bench/.work/` with
 * a manifest of how it was built. A later run with the same sizes and seed reuses it.
 *
 * One file per text index (a file holds one): the FTS5 file is built from the generator (the
 * benchmark's FTS5 floor reads its tables); the block index's file is a copy of it opened writable
 * with the block index, which indexes its records again: the same records under the same rowids,
 * so both engines answer for the very same documents.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openSnapshot, type Collection, type RecordInput } from '../packages/legisearch/src/index.js'
import { type TextIndexName, textIndexName } from '../packages/legisearch/src/text-index/registry.js'
import { generate } from '../scripts/generate/index.js'
import { fixture } from '../test/helpers/fixtures.js'

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url))
export const ROOT = join(BENCH_DIR, '..')
export const WORK_DIR = join(BENCH_DIR, '.work')
/** The newest real UN list, of the repository's fixtures (test/fixtures/un_sc, unpacked on first use). */
export const UN_LIST = fixture('un_sc/UN_consolidated_2026-02-27.xml')
const BATCH = 10_000
const MANIFEST_VERSION = 1

export interface CorpusSizes {
  readonly propositions: number
  readonly dou: number
  readonly social: number
  readonly stakeholders: number
}

export interface IngestStat {
  readonly records: number
  /** Time spent inside `snap.upsert` (validation, index, transaction), ms. */
  readonly ingestMs: number
  /** Time spent generating the records (not part of the ingest rate), ms. */
  readonly generateMs: number
}

export interface Manifest {
  readonly version: number
  readonly seed: number
  readonly sizes: CorpusSizes
  readonly builtAt: string
  readonly node: string
  /** Hash of the engine and generator sources the snapshot was built with. */
  readonly sourceHash: string
  readonly ingest: Readonly<Record<string, IngestStat>>
  readonly watchlist: { readonly file: string; readonly designations: number; readonly ms: number } | null
  readonly fileBytes: number
  /** The file's text index; absent in manifests of earlier runs (FTS5). */
  readonly index?: TextIndexName
  /** For the block index's file: the time its open took to index the FTS5 file's records, ms. */
  readonly reindexMs?: number
}

export interface Corpus {
  readonly path: string
  readonly manifest: Manifest
  /** True when an existing snapshot was reused (its ingest figures come from the run that built it). */
  readonly reused: boolean
  /** Set when the engine or generator sources changed since the snapshot was built. */
  readonly staleSources: boolean
}

export function snapshotPath(sizes: CorpusSizes, seed: number, index: TextIndexName = textIndexName()): string {
  const tag = `p${sizes.propositions}-d${sizes.dou}-s${sizes.social}-k${sizes.stakeholders}-seed${seed}`
  return join(WORK_DIR, `legisearch-${tag}-${index}.db`)
}

/** Runs `fn` with the library's text index set to `index` (the variable is read at each open). */
export function withTextIndex<T>(index: TextIndexName, fn: () => T): T {
  const saved = process.env['LEGISEARCH_TEXT_INDEX']
  process.env['LEGISEARCH_TEXT_INDEX'] = index
  try {
    return fn()
  } finally {
    if (saved === undefined) delete process.env['LEGISEARCH_TEXT_INDEX']
    else process.env['LEGISEARCH_TEXT_INDEX'] = saved
  }
}

/** A short hash of `packages/legisearch/src/` and `scripts/generate/`, so a reused snapshot built by other code is reported. */
export function sourceHash(): string {
  const h = createHash('sha256')
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.ts')) h.update(relative(ROOT, p)).update(readFileSync(p))
    }
  }
  walk(join(ROOT, 'packages/legisearch/src'))
  walk(join(ROOT, 'scripts', 'generate'))
  return h.digest('hex').slice(0, 12)
}

function removeSnapshot(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`, `${path}.json`]) rmSync(f, { force: true })
}

function readManifest(path: string): Manifest | null {
  try {
    const m = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as Manifest
    return m.version === MANIFEST_VERSION ? m : null
  } catch {
    return null
  }
}

/** Whether the snapshot opens with this version of the engine (a changed index layout is refused). */
function opens(path: string): boolean {
  try {
    openSnapshot(path, { readonly: true }).close()
    return true
  } catch {
    // Opened writable, a snapshot gets what this engine needs (a schema upgrade, an index it lacks built from its records).
    try {
      openSnapshot(path).close()
      openSnapshot(path, { readonly: true }).close()
      return true
    } catch {
      return false
    }
  }
}

/**
 * The snapshot for these sizes and seed with this text index (the library's, unless named): reused
 * when a complete one exists (and `rebuild` is not set), otherwise made now.
 */
export function ensureCorpus(
  sizes: CorpusSizes,
  seed: number,
  opts: { rebuild: boolean; log: (s: string) => void; index?: TextIndexName },
): Corpus {
  const index = opts.index ?? textIndexName()
  return withTextIndex(index, () => ensureWith(sizes, seed, { ...opts, index }))
}

function ensureWith(sizes: CorpusSizes, seed: number, opts: { rebuild: boolean; log: (s: string) => void; index: TextIndexName }): Corpus {
  mkdirSync(WORK_DIR, { recursive: true })
  const path = snapshotPath(sizes, seed, opts.index)
  const hash = sourceHash()
  const existing = readManifest(path)
  if (!opts.rebuild && existing && existsSync(path) && opens(path)) {
    opts.log(`reusing ${relative(ROOT, path)} (built ${existing.builtAt}; --rebuild to rebuild)`)
    return { path, manifest: existing, reused: true, staleSources: existing.sourceHash !== hash }
  }
  if (existing && !opts.rebuild) opts.log(`the cached snapshot does not open with this engine version: rebuilding`)
  removeSnapshot(path)
  let manifest: Manifest
  if (opts.index === 'fts5') manifest = { ...build(path, sizes, seed, hash, opts.log), index: 'fts5' }
  else {
    // The same records under the same rowids as the FTS5 file: a copy of it, indexed again.
    const from = ensureCorpus(sizes, seed, { ...opts, index: 'fts5' })
    opts.log(`indexing a copy of ${relative(ROOT, from.path)} with the ${opts.index} index…`)
    copyFileSync(from.path, path)
    const t = performance.now()
    openSnapshot(path).close()
    const reindexMs = performance.now() - t
    opts.log(`  ${Math.round(reindexMs / 1000)} s`)
    manifest = {
      ...from.manifest,
      builtAt: new Date().toISOString(),
      sourceHash: hash,
      fileBytes: statSync(path).size,
      index: opts.index,
      reindexMs,
    }
  }
  writeFileSync(`${path}.json`, JSON.stringify(manifest, null, 2))
  return { path, manifest, reused: false, staleSources: false }
}

function build(path: string, sizes: CorpusSizes, seed: number, hash: string, log: (s: string) => void): Manifest {
  log(`building ${relative(ROOT, path)}: ${describeSizes(sizes)} (seed ${seed})`)
  const snap = openSnapshot(path)
  const ingest: Record<string, IngestStat> = {}
  try {
    let t = performance.now()
    const stakeholders = [...generate('stakeholders', sizes.stakeholders, { seed })]
    const stGen = performance.now() - t
    t = performance.now()
    for (let i = 0; i < stakeholders.length; i += BATCH) snap.upsert('stakeholders', stakeholders.slice(i, i + BATCH))
    ingest['stakeholders'] = { records: stakeholders.length, ingestMs: performance.now() - t, generateMs: stGen }

    const plan: [Collection & ('propositions' | 'dou' | 'social'), number][] = [
      ['propositions', sizes.propositions],
      ['dou', sizes.dou],
      ['social', sizes.social],
    ]
    for (const [collection, count] of plan) {
      let generateMs = 0
      let ingestMs = 0
      let batch: unknown[] = []
      let done = 0
      let lastLog = performance.now()
      const flush = (): void => {
        const t0 = performance.now()
        snap.upsert(collection, batch as RecordInput<typeof collection>[])
        ingestMs += performance.now() - t0
        done += batch.length
        batch = []
        if (performance.now() - lastLog > 15_000) {
          lastLog = performance.now()
          log(
            `  ${collection}: ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} (${Math.round(done / (ingestMs / 1000))} docs/s)`,
          )
        }
      }
      let t0 = performance.now()
      // Full-length DOU acts (~3 KB of text each), as the issue asks.
      for (const r of generate(collection, count, { seed, stakeholders, fullText: true })) {
        batch.push(r)
        if (batch.length === BATCH) {
          generateMs += performance.now() - t0
          flush()
          t0 = performance.now()
        }
      }
      generateMs += performance.now() - t0
      if (batch.length > 0) flush()
      ingest[collection] = { records: count, ingestMs, generateMs }
      log(`  ${collection}: ${count.toLocaleString('en-US')} records, ${Math.round(count / (ingestMs / 1000))} docs/s`)
    }

    let watchlist: Manifest['watchlist'] = null
    if (existsSync(UN_LIST)) {
      const t1 = performance.now()
      const r = snap.reconcileWatchlist(readFileSync(UN_LIST), { observedOn: '2026-02-27' })
      watchlist = { file: relative(ROOT, UN_LIST), designations: r.listed.length, ms: performance.now() - t1 }
    } else {
      log(`  UN list not found at ${UN_LIST}: the watchlist class will be skipped`)
    }
    snap.close()
    return {
      version: MANIFEST_VERSION,
      seed,
      sizes,
      builtAt: new Date().toISOString(),
      node: process.version,
      sourceHash: hash,
      ingest,
      watchlist,
      fileBytes: statSync(path).size,
    }
  } catch (e) {
    snap.close()
    removeSnapshot(path)
    throw e
  }
}

export function describeSizes(s: CorpusSizes): string {
  const n = (x: number) => x.toLocaleString('en-US')
  return `${n(s.propositions)} propositions, ${n(s.dou)} DOU acts (full text), ${n(s.social)} social posts, ${n(s.stakeholders)} stakeholders`
}
