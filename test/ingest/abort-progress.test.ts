/**
 * An ingest can be followed and stopped (issue 27): progress over the whole call (files i of n,
 * bytes of all files, records so far) with a last event equal to the report; a signal stops the
 * call at its next batch with the snapshot as it was before the call and no temporary file left.
 * Run over every source's real files.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { gunzipSync } from 'node:zlib'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { type IngestProgress, type IngestReport, type Snapshot, openSnapshot } from 'legisearch'
import { rejectionOf } from '../helpers/errors.js'
import { tempDir } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'
import { zipEntries, zipOf } from '../helpers/zip.js'
import { CASES, type SourceCase, douActs } from './cases.js'

/** Every row of every table of a snapshot file, hashed (read with better-sqlite3 directly, not through the library). */
function dumpOf(path: string): string {
  const db = new Database(path, { readonly: true })
  try {
    const hash = createHash('sha256')
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]
    for (const t of tables) {
      hash.update(`table ${t}\n`)
      for (const row of db.prepare(`SELECT * FROM "${t}" ORDER BY 1`).raw().iterate() as Iterable<unknown[]>) {
        for (const v of row) hash.update(Buffer.isBuffer(v) ? v : `${typeof v}:${String(v)}`).update('\u0001')
        hash.update('\n')
      }
    }
    return hash.digest('hex')
  } finally {
    db.close()
  }
}

/** What a case's files hold for progress, read independently: the files as unpacked, and their bytes. */
async function unpackedOf(files: readonly string[]): Promise<{ count: number; bytes: number }> {
  let count = 0
  let bytes = 0
  for (const f of new Set(files)) {
    if (f.endsWith('.zip')) {
      for (const b of (await zipEntries(f)).values()) {
        count++
        bytes += b.length
      }
    } else if (f.endsWith('.gz')) {
      count++
      bytes += gunzipSync(readFileSync(f)).length
    } else {
      count++
      bytes += statSync(f).size
    }
  }
  return { count, bytes }
}

/** The files a case's calls here read: a case with many large files names a few small ones (its companions). */
const filesOf = (c: SourceCase) => c.companions ?? c.files

const total = (r: IngestReport) => Object.values(r.collections).reduce((n, c) => n + c.inserted + c.updated + c.unchanged, 0)

/** The unpack directories of this process that exist now. */
const unpackDirs = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`legisearch-unpack-${process.pid}-`))

/** A snapshot in a fresh folder that already holds another source's records (so "as before" is not "empty"). */
async function primed(c: SourceCase): Promise<{ path: string; snap: Snapshot }> {
  const path = join(tempDir(), 'snapshot.db')
  const snap = openSnapshot(path)
  const other = CASES.find((o) => o.source !== c.source && o.source !== 'camara' && o.source !== 'dou') as SourceCase
  await snap.ingest(other.source, other.files)
  return { path, snap }
}

describe('ingest progress over the whole call', () => {
  for (const c of CASES) {
    it(`${c.label}: files i of n, bytes of all files, records so far; the last event is the report`, async () => {
      const path = join(tempDir(), 'snapshot.db')
      using snap = openSnapshot(path)
      const events: IngestProgress[] = []
      const report = await snap.ingest(c.source, filesOf(c), { onProgress: (p) => events.push(p) })
      const want = await unpackedOf(filesOf(c))
      expect(events.length).toBeGreaterThan(0)
      for (const e of events) {
        expect(e.fileCount).toBe(want.count)
        expect(e.bytesTotal).toBe(want.bytes)
        expect(e.fileNumber).toBeGreaterThanOrEqual(1)
        expect(e.fileNumber).toBeLessThanOrEqual(want.count)
        expect(e.bytesRead).toBeLessThanOrEqual(e.bytesTotal)
      }
      // Nothing goes back.
      for (let i = 1; i < events.length; i++) {
        const [a, b] = [events[i - 1] as IngestProgress, events[i] as IngestProgress]
        expect([b.bytesRead >= a.bytesRead, b.fileNumber >= a.fileNumber, b.records >= a.records]).toEqual([true, true, true])
      }
      const last = events.at(-1) as IngestProgress
      expect(last.report).toEqual(report)
      expect(events.filter((e) => e.report !== undefined)).toHaveLength(1)
      expect([last.fileNumber, last.bytesRead, last.records]).toEqual([want.count, want.bytes, total(report)])
    })
  }
})

describe('an aborted ingest leaves the snapshot as it was', () => {
  for (const c of CASES) {
    it(`${c.label}: aborted at 25 %, 50 % and 90 % of its bytes, nothing is written and no temporary file is left`, async () => {
      const { path, snap } = await primed(c)
      try {
        const before = dumpOf(path)
        const counts = snap.counts()
        for (const at of [0.25, 0.5, 0.9]) {
          const control = new AbortController()
          const reason = new Error(`stopped at ${at}`)
          const seen = new Set<string>()
          let stoppedAt: IngestProgress | null = null
          const call = snap.ingest(c.source, filesOf(c), {
            signal: control.signal,
            onProgress: (p) => {
              for (const d of unpackDirs()) seen.add(d)
              if (stoppedAt === null && p.bytesRead >= at * p.bytesTotal) {
                stoppedAt = p
                control.abort(reason)
              }
            },
          })
          await expect(call).rejects.toBe(reason)
          expect(stoppedAt).not.toBeNull()
          expect(snap.counts()).toEqual(counts)
          expect(dumpOf(path)).toBe(before)
          expect([...seen].filter((d) => existsSync(join(tmpdir(), d)))).toEqual([])
        }
        // The snapshot takes the same call whole afterwards.
        const report = await snap.ingest(c.source, filesOf(c))
        expect(total(report)).toBeGreaterThan(0)
      } finally {
        snap.close()
      }
    })
  }

  it('an abort past the first records (90 % of the Câmara files) stops a call that has written some', async () => {
    const c = CASES.find((x) => x.label === 'camara (CSV)') as SourceCase
    const { path, snap } = await primed(c)
    try {
      const before = dumpOf(path)
      const control = new AbortController()
      let records = 0
      await expect(
        snap.ingest(c.source, c.files, {
          signal: control.signal,
          onProgress: (p) => {
            if (p.bytesRead >= 0.9 * p.bytesTotal && !control.signal.aborted) {
              records = p.records
              control.abort()
            }
          },
        }),
      ).rejects.toMatchObject({ name: 'AbortError' })
      expect(records).toBeGreaterThan(1000)
      expect(dumpOf(path)).toBe(before)
    } finally {
      snap.close()
    }
  })

  it('a signal already aborted refuses the call before anything is read; a timeout signal stops a DOU day being unpacked', async () => {
    const c = CASES.find((x) => x.source === 'dou') as SourceCase
    const { path, snap } = await primed(c)
    try {
      const before = dumpOf(path)
      const reason = new Error('cancelled by the user')
      let events = 0
      await expect(snap.ingest('dou', c.files, { signal: AbortSignal.abort(reason), onProgress: () => void events++ })).rejects.toBe(reason)
      expect(events).toBe(0)
      await expect(snap.ingest('dou', c.files, { signal: AbortSignal.timeout(1) })).rejects.toMatchObject({ name: 'TimeoutError' })
      expect(dumpOf(path)).toBe(before)
    } finally {
      snap.close()
    }
  })

  it('an abort from outside (a timer, Ctrl-C) reaches a running ingest: every DOU day zip, a timer set once records are written', async () => {
    // The DOU's zips are read from memory: without turns of the event loop no timer could fire before the call's end.
    const c = CASES.find((x) => x.source === 'dou') as SourceCase
    const { path, snap } = await primed(c)
    try {
      const before = dumpOf(path)
      const control = new AbortController()
      let armedAt: number | null = null
      let last: IngestProgress | null = null
      const call = snap.ingest('dou', c.files, {
        signal: control.signal,
        onProgress: (p) => {
          last = p
          if (armedAt === null && p.records > 0) {
            armedAt = p.records
            setTimeout(() => control.abort(), 20)
          }
        },
      })
      await expect(call).rejects.toMatchObject({ name: 'AbortError' })
      expect(armedAt).toBeGreaterThan(0)
      // Stopped at a batch soon after the timer, far from the call's 4,795 acts.
      expect((last as IngestProgress | null)?.records).toBeLessThan(4000)
      expect(dumpOf(path)).toBe(before)
    } finally {
      snap.close()
    }
  })

  it('an abort while a large file is being read stops its reading at once, not at its end (a file staged, no batch yet)', async () => {
    const c = CASES.find((x) => x.label === 'camara (CSV)') as SourceCase
    // The authors' file is read first and staged for the propositions: no batch comes while it is read.
    const authors = c.files.find((f) => f.includes('proposicoesAutores')) as string
    const [header, ...rows] = readFileSync(authors, 'utf8').split(/(?<=\n)/)
    const big = join(tempDir(), 'proposicoesAutores-2023.csv')
    writeFileSync(big, [header, ...Array.from({ length: 15 }, () => rows.join(''))].join(''))
    const bigSize = statSync(big).size
    using snap = openSnapshot(join(tempDir(), 'snapshot.db'))
    const control = new AbortController()
    let last: IngestProgress | null = null
    const call = snap.ingest('camara', [big, ...c.files.filter((f) => f !== authors)], {
      signal: control.signal,
      onProgress: (p) => {
        last = p
        if (p.file === big && !control.signal.aborted) control.abort()
      },
    })
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
    const seen = last as IngestProgress | null
    expect(seen?.file).toBe(big)
    expect(seen?.bytesRead, 'bytes of the staged file read before the call stopped').toBeLessThan(bigSize / 2)
    expect(snap.counts().stakeholders).toBe(0)
  })

  it('an abort while a large archive entry is being unpacked stops it at once, not at its end', async () => {
    const csv = readFileSync(CASES.find((x) => x.label === 'camara (CSV)')?.files.find((f) => f.includes('proposicoes-2023')) as string)
    // 64 MB of the real rows in one entry (stored: unpacking is copying it out, checking its CRC-32).
    const entry = Buffer.concat(Array.from({ length: Math.ceil(64e6 / csv.length) }, () => csv))
    const zip = join(tempDir(), 'proposicoes.zip')
    writeFileSync(zip, await zipOf({ 'proposicoes-2023.csv': entry }, { compress: false }))
    using snap = openSnapshot(join(tempDir(), 'snapshot.db'))
    const control = new AbortController()
    // The entry's file in the call's unpack folder, watched: the call is stopped as soon as it appears.
    let largest = 0
    const unpacked = () =>
      unpackDirs().flatMap((d) =>
        readdirSync(join(tmpdir(), d), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name)),
      )
    const watch = setInterval(() => {
      for (const f of unpacked()) {
        const size = existsSync(f) ? statSync(f).size : 0
        largest = Math.max(largest, size)
        if (size > 0 && !control.signal.aborted) control.abort()
      }
    }, 1)
    try {
      await expect(snap.ingest('camara', [zip], { signal: control.signal })).rejects.toMatchObject({ name: 'AbortError' })
    } finally {
      clearInterval(watch)
    }
    expect(control.signal.aborted).toBe(true)
    expect(largest, 'bytes unpacked before the call stopped').toBeLessThan(entry.length / 2)
    expect(unpackDirs()).toEqual([])
  })

  it('a signal that is not an AbortSignal is refused, naming the option', async () => {
    const c = CASES.find((x) => x.source === 'bacen') as SourceCase
    const path = join(tempDir(), 'snapshot.db')
    using snap = openSnapshot(path)
    const e = await rejectionOf(snap.ingest('bacen', c.files, untyped({ signal: { aborted: false } })))
    expect([e.status, e.path]).toEqual([400, ['signal']])
    expect(e.message).toMatch(/signal.*must be an AbortSignal/)
  })
})

describe('a folder given to ingest', () => {
  it('is read as the files directly in it: the loose act files of a DOU day ingest as their zip does', async () => {
    const zip = CASES.find((x) => x.source === 'dou')?.files.find((f) => f.endsWith('2023-05-23-DO3E.zip')) as string
    const dir = join(tempDir(), 'day')
    mkdirSync(join(dir, 'nested'), { recursive: true })
    const entries = await zipEntries(zip)
    for (const [name, bytes] of entries) writeFileSync(join(dir, basename(name)), bytes)
    // Hidden files and the folders in it are left out.
    writeFileSync(join(dir, '.DS_Store'), 'not an act')
    writeFileSync(join(dir, 'nested', 'ignored.xml'), 'not read')
    expect(douActs.size).toBeGreaterThan(0)
    const fromZip = await (async () => {
      using s = openSnapshot(join(tempDir(), 'a.db'))
      return await s.ingest('dou', [zip])
    })()
    using snap = openSnapshot(join(tempDir(), 'b.db'))
    const fromFolder = await snap.ingest('dou', [dir])
    expect(fromFolder.collections.dou).toEqual(fromZip.collections.dou)
    expect(fromFolder.files).toHaveLength(entries.size)
    expect(fromFolder.files.every((f) => f.startsWith(dir) && !f.includes('nested') && !f.endsWith('.DS_Store'))).toBe(true)
  })

  it('a file given again beside its folder, spelt otherwise (./, absolute, a link), is read once', async () => {
    const c = CASES.find((x) => x.label === 'camara (CSV)') as SourceCase
    const dir = join(tempDir(), 'camara')
    mkdirSync(dir)
    for (const f of c.files) copyFileSync(f, join(dir, basename(f)))
    const authorsFile = c.files.find((f) => basename(f).startsWith('proposicoesAutores')) as string
    const authors = join(dir, basename(authorsFile))
    const link = join(tempDir(), 'authors-link.csv')
    symlinkSync(authors, link)
    /** The authors of every stored proposition, counted. */
    const authorsOf = (snap: Snapshot) =>
      [...snap.searchAll('propositions', {}, {})].reduce((n, p) => n + (p as { authors: unknown[] }).authors.length, 0)
    const once = await (async () => {
      using snap = openSnapshot(join(tempDir(), 'once.db'))
      return { report: await snap.ingest('camara', [dir]), authors: authorsOf(snap) }
    })()
    expect(once.authors).toBeGreaterThan(0)
    const rel = relative(process.cwd(), dir)
    for (const given of [
      [`./${rel}`, `./${rel}/${basename(authors)}`],
      [dir, `${dir}//${basename(authors)}`],
      [rel, authors],
      [`${dir}/`, link],
    ]) {
      using snap = openSnapshot(join(tempDir(), 'twice.db'))
      const report = await snap.ingest('camara', given)
      expect(report.files, given.join(' ')).toHaveLength(c.files.length)
      expect(report.collections, given.join(' ')).toEqual(once.report.collections)
      expect(authorsOf(snap), given.join(' ')).toBe(once.authors)
    }
  })

  it('an empty folder, or a path that is neither, is refused naming it', async () => {
    using snap = openSnapshot(join(tempDir(), 'snapshot.db'))
    const empty = join(tempDir(), 'empty')
    mkdirSync(join(empty, 'sub'), { recursive: true })
    const none = await rejectionOf(snap.ingest('dou', [empty]))
    expect([none.status, none.path]).toEqual([404, ['files', 0]])
    expect(none.message).toMatch(/^files\[0\]: the folder .*empty has no file in it/)
    const missing = await rejectionOf(snap.ingest('dou', [join(empty, 'none.zip')]))
    expect(missing.message).toMatch(/^files\[0\]: no file or folder at /)
  })
})
