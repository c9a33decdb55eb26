/**
 * One suite over every registered ingest source (hono-style), on the real files of
 * `test/fixtures`: counts reconciled with the files, records that pass `upsert`'s validation,
 * the same files twice changing nothing, a newer partial file updating without removing, and a
 * bad copy of each file refused with nothing of the call written.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CORPUS_NAMES, type CorpusName, type Snapshot, SOURCE_NAMES, schemas } from 'legisearch'
import { rejectionOf } from '../helpers/errors.js'
import { sharedSnapshot, sharedTempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { zipOf, zipWithBrokenEntry } from '../helpers/zip.js'
import { CASES, type SourceCase } from './cases.js'

/** How many records of a collection a case's files hold. */
function countOf(want: ReturnType<SourceCase['expected']>, collection: string): number {
  if (collection === 'propositions' || collection === 'stakeholders' || collection === 'watchlist') return want[collection]
  return want.corpora?.[collection as keyof NonNullable<typeof want.corpora>] ?? 0
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Everything a snapshot holds that an ingest could change, as one comparable value. */
function state(snap: Snapshot) {
  const all = (c: CorpusName) => {
    const out: unknown[] = []
    for (let page = 1; ; page++) {
      const r = snap.search(c, { limit: 20, page, sort: 'older' })
      out.push(...r.results.map((x) => JSON.stringify(x)))
      if (page >= r.pagination.pages) break
      if (page >= 5) break
    }
    return out
  }
  const watchlist = snap.listWatchlist({ limit: 100 })
  return {
    counts: snap.counts(),
    first: Object.fromEntries(CORPUS_NAMES.map((c) => [c, all(c)])),
    watchlist: { total: watchlist.total, first: watchlist.data.map((d) => JSON.stringify(d)) },
    integrity: snap.checkIntegrity(),
  }
}

describe('coverage', () => {
  it('every registered source has a conformance case', () => {
    expect([...new Set(CASES.map((c) => c.source))].sort()).toEqual([...SOURCE_NAMES].sort())
  })
})

describe.each(CASES)('source $label', (c) => {
  const snap = sharedSnapshot()
  const dir = sharedTempDir()

  it('ingests the real files: every record counted, joined and valid', async () => {
    const report = await snap().ingest(c.source, c.files)
    const want = c.expected()
    for (const [k, n] of Object.entries(report.collections)) {
      expect(n, k).toEqual({ inserted: countOf(want, k), updated: 0, unchanged: k === c.main ? c.duplicates : 0 })
    }
    expect(report.skipped).toEqual([])
    for (const [k, n] of Object.entries(snap().counts())) expect(n, k).toBe(countOf(want, k))
    expect(snap().listWatchlist({ limit: 1 }).total).toBe(want.watchlist)
    let authors = 0
    let themes = 0
    for (let page = 1; ; page++) {
      const r = snap().searchPropositions({ limit: 20, page, sort: 'older' })
      for (const p of r.results) {
        authors += p.authors.length
        themes += p.themes.length
        expect(() => schemas.resultSchemas.propositions.parse(p)).not.toThrow()
      }
      if (page >= r.pagination.pages) break
    }
    expect({ authors, themes }).toEqual({ authors: want.authors, themes: want.themes })
    expect(snap().checkIntegrity()).toEqual({ ok: true, problems: [] })
  })

  it('the same files again change nothing, and say so', async () => {
    const before = state(snap())
    const report = await snap().ingest(c.source, [...c.files].reverse())
    const want = c.expected()
    for (const [k, n] of Object.entries(report.collections)) {
      expect(n, k).toEqual({ inserted: 0, updated: 0, unchanged: countOf(want, k) + (k === c.main ? c.duplicates : 0) })
    }
    expect(state(snap())).toEqual(before)
  })

  it('a newer, partial file updates what changed and removes nothing merely absent', async () => {
    const main = c.files[0] as string
    const { path: copy, kept, back } = c.newer(dir())
    const edited = c.main
    const before = { counts: snap().counts(), watchlist: snap().listWatchlist({ limit: 1 }).total }
    const report = await snap().ingest(c.source, [copy])
    expect(report.collections[edited]).toEqual({ inserted: 0, updated: 1, unchanged: kept - 1 })
    expect({ counts: snap().counts(), watchlist: snap().listWatchlist({ limit: 1 }).total }).toEqual(before)
    // Back to the published record: the edit is undone.
    expect((await snap().ingest(c.source, [back ?? main])).collections[edited].updated).toBe(1)
  })

  describe('a bad copy of each file is refused, naming it, with nothing written', () => {
    for (const [label, make] of c.variants) {
      it.each(c.files.map((f) => [basename(f), f]))(`${label}: %s`, async (_name, file) => {
        const s = snap()
        const before = state(s)
        const bad = join(dir(), `${label.replace(/\W+/g, '-')}-${basename(file)}`)
        writeFileSync(bad, make(readFileSync(file)))
        const others = (c.companions ?? c.files).filter((f) => f !== file)
        const e = await rejectionOf(s.ingest(c.source, [...others, bad]))
        expect(e.status).toBe(400)
        expect(e.message).toContain(bad)
        expect(e.message).toMatch(/nothing of this call was written$/)
        expect(state(s)).toEqual(before)
      })
    }
    it('a file of another source', async () => {
      const s = snap()
      const before = state(s)
      const e = await rejectionOf(s.ingest(c.source, [...c.files, c.foreign]))
      expect(e.message).toContain(c.foreign)
      expect(e.message).toMatch(/is not a/)
      expect(state(s)).toEqual(before)
    })
  })

  it('a zip of its files is read as its files; a zip with a broken entry is refused naming it', async () => {
    const s = tempSnapshot()
    const named = Object.fromEntries(c.files.map((f) => [basename(f), readFileSync(f)]))
    const zip = join(dir(), `${c.source}.zip`)
    writeFileSync(zip, await zipOf(named))
    const report = await s.ingest(c.source, [zip])
    const want = c.expected()
    expect(report.files).toEqual([zip])
    for (const [k, n] of Object.entries(report.collections)) expect(n.inserted, k).toBe(countOf(want, k))

    const fresh = tempSnapshot()
    const before = state(fresh)
    const last = basename(c.files[c.files.length - 1] as string)
    const broken = join(dir(), `broken-${c.source}.zip`)
    writeFileSync(broken, await zipWithBrokenEntry(named, last))
    const e = await rejectionOf(fresh.ingest(c.source, [broken]))
    expect(e.message).toMatch(
      new RegExp(
        `^${escape(broken)}, entry ${escape(last)}: is broken \\(its CRC-32 is [0-9a-f]{8}, the archive says [0-9a-f]{8}\\); nothing of this call was written$`,
      ),
    )
    expect(state(fresh)).toEqual(before)
    const truncated = join(dir(), `truncated-${c.source}.zip`)
    writeFileSync(truncated, readFileSync(zip).subarray(0, 1000))
    expect((await rejectionOf(fresh.ingest(c.source, [truncated]))).message).toMatch(
      new RegExp(`^${escape(truncated)}: is not a readable zip archive \\(.+\\); nothing of this call was written$`),
    )
    expect(state(fresh)).toEqual(before)
  })

  it('refuses a missing file, no file, and an unknown source', async () => {
    const s = tempSnapshot()
    expect((await rejectionOf(s.ingest(c.source, ['/nonexistent/file.csv']))).code).toBe('not_found')
    expect((await rejectionOf(s.ingest(c.source, []))).message).toMatch(/^files: give at least one file/)
    expect((await rejectionOf(s.ingest('nowhere' as never, c.files))).message).toMatch(/^source: must be one of/)
  })
})
