/**
 * Records stored deflated against a per-corpus dictionary (store/record-codec.ts): every corpus's
 * records, generated and real, read back byte for byte; TEXT rows of older files still read; the
 * same search answers whether the rows are TEXT or BLOB; a damaged blob reported by checkIntegrity.
 */
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { generate } from '../../scripts/generate/index.js'
import { CORPUS_NAMES, type CorpusName, type Snapshot, openSnapshot } from 'legisearch'
import { TRAIN_FROM, decodeRecord, encodeRecord, recompressRecords } from '../../packages/legisearch/src/store/record-codec.js'
import { Statements } from '../../packages/legisearch/src/store/statements.js'
import { CASES } from '../ingest/cases.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

/** Every record of a file as stored: rowid → { corpus, kind of value, JSON }. */
function storedRecords(path: string): Map<number, { corpus: string; blob: boolean; json: string }> {
  const db = new Database(path, { readonly: true })
  try {
    const st = new Statements(db)
    const rows = db
      .prepare('SELECT d.rowid AS r, d.corpus AS corpus, x.record AS record FROM docs d JOIN records x ON x.rowid = d.rowid')
      .all() as {
      r: number
      corpus: string
      record: string | Buffer
    }[]
    return new Map(rows.map((x) => [x.r, { corpus: x.corpus, blob: typeof x.record !== 'string', json: decodeRecord(st, x.record) }]))
  } finally {
    db.close()
  }
}

/** The first pages of every corpus in three orders, the totals, and the integrity check. */
function answers(snap: Snapshot) {
  const out: Record<string, unknown> = {}
  for (const c of CORPUS_NAMES) {
    for (const sort of ['older', 'newest', 'relevance'] as const) {
      for (const page of [1, 2, 30]) {
        const r = snap.search(c, { limit: 20, page, sort })
        out[`${c} ${sort} ${page}`] = JSON.stringify([r.pagination, r.results])
      }
    }
  }
  for (let page = 1; page <= 10; page++)
    out[`pl search ${page}`] = JSON.stringify(snap.searchPropositions({ q: 'dispõe sobre', limit: 20, page }))
  return out
}

/** Writes every BLOB record back as TEXT, as a file of before the codec holds them. */
function toText(path: string): void {
  const db = new Database(path)
  try {
    const st = new Statements(db)
    const rows = db.prepare("SELECT rowid AS r, record FROM records WHERE typeof(record) = 'blob'").all() as { r: number; record: Buffer }[]
    const put = db.prepare('UPDATE records SET record = ? WHERE rowid = ?')
    db.transaction(() => {
      for (const x of rows) put.run(decodeRecord(st, x.record), x.r)
    })()
  } finally {
    db.close()
  }
}

/** Compresses every TEXT record of the file (a dictionary made from as few as `trainFrom`). */
function compressAll(path: string, trainFrom: number): void {
  const db = new Database(path)
  try {
    const st = new Statements(db)
    db.transaction(() => {
      for (const c of CORPUS_NAMES) recompressRecords(st, c, trainFrom)
    })()
  } finally {
    db.close()
  }
}

describe('records stored compactly', () => {
  it(
    'stores generated records of every corpus as blobs once a corpus has its dictionary, reads them back exactly, and answers alike from TEXT rows',
    { timeout: 300_000 },
    () => {
      const path = tempSnapshotPath()
      const snap = openSnapshot(path)
      const sizes: Partial<Record<CorpusName, number>> = { propositions: TRAIN_FROM + 300, dou: TRAIN_FROM + 100, social: TRAIN_FROM + 100 }
      const stakeholders = [...generate('stakeholders', 200)]
      snap.upsert('stakeholders', stakeholders)
      const written = new Map<string, Record<string, unknown>>()
      for (const [corpus, n] of Object.entries(sizes) as [CorpusName, number][]) {
        const records = [...generate(corpus as 'propositions', n, { stakeholders } as never)] as unknown as Record<string, unknown>[]
        // In calls of 100, as ingests write them: the dictionary is made between calls too.
        for (let at = 0; at < records.length; at += 100) snap.upsert(corpus, untyped(records.slice(at, at + 100)))
        for (const r of records) written.set(`${corpus}/${String(r['id'])}`, r)
      }
      const before = answers(snap)
      expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
      snap.close()

      const stored = storedRecords(path)
      for (const [corpus, n] of Object.entries(sizes) as [CorpusName, number][]) {
        const mine = [...stored.values()].filter((x) => x.corpus === corpus)
        expect(mine).toHaveLength(n)
        // The first TRAIN_FROM stay TEXT, the rest are blobs (each smaller than its JSON).
        expect(mine.filter((x) => x.blob).length).toBeGreaterThanOrEqual(n - TRAIN_FROM)
        for (const x of mine) {
          const record = JSON.parse(x.json) as Record<string, unknown>
          expect(record['id']).toBeTypeOf('string')
          expect(written.has(`${corpus}/${String(record['id'])}`)).toBe(true)
        }
      }

      // The same file with every record as TEXT (an old file) answers the same, byte for byte.
      toText(path)
      const again = openSnapshot(path, { readonly: true })
      try {
        expect(answers(again)).toEqual(before)
        expect(again.checkIntegrity().ok).toBe(true)
      } finally {
        again.close()
      }
      const text = storedRecords(path)
      expect([...text.values()].every((x) => !x.blob)).toBe(true)
      expect(new Map([...text].map(([k, v]) => [k, v.json]))).toEqual(new Map([...stored].map(([k, v]) => [k, v.json])))
    },
  )

  it('round-trips the real fixtures of every source, and their searches are unchanged', { timeout: 600_000 }, async () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    // The UN lists are watchlist designations, not records.
    for (const c of CASES.filter((x) => x.source !== 'un')) await snap.ingest(c.source, c.files)
    const before = answers(snap)
    snap.close()
    const ingested = storedRecords(path)

    compressAll(path, 2)
    const packed = storedRecords(path)
    const corpora = new Set([...packed.values()].filter((x) => x.blob).map((x) => x.corpus))
    // Every corpus the fixtures fill with two or more records has its blobs.
    for (const c of new Set([...ingested.values()].map((x) => x.corpus))) {
      if ([...ingested.values()].filter((x) => x.corpus === c).length >= 2) expect(corpora).toContain(c)
    }
    expect(new Map([...packed].map(([k, v]) => [k, v.json]))).toEqual(new Map([...ingested].map(([k, v]) => [k, v.json])))
    const reopen = (check: () => void) => {
      const again = openSnapshot(path)
      try {
        expect(answers(again)).toEqual(before)
        expect(again.checkIntegrity()).toEqual({ ok: true, problems: [] })
      } finally {
        again.close()
      }
      check()
    }
    reopen(() => undefined)
    toText(path)
    reopen(() => expect([...storedRecords(path).values()].every((x) => !x.blob)).toBe(true))
  })

  it('reports a record whose blob does not decode in checkIntegrity, and searches still answer', () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    const stakeholders = [...generate('stakeholders', 50)]
    snap.upsert('stakeholders', stakeholders)
    snap.upsert('propositions', [...generate('propositions', TRAIN_FROM + 10, { stakeholders })] as never)
    snap.close()

    const db = new Database(path)
    const victim = db.prepare("SELECT rowid AS r, record FROM records WHERE typeof(record) = 'blob' ORDER BY rowid LIMIT 1").get() as {
      r: number
      record: Buffer
    }
    const damaged = Buffer.from(victim.record)
    // Cut in the middle of its deflated bytes.
    db.prepare('UPDATE records SET record = ? WHERE rowid = ?').run(damaged.subarray(0, Math.floor(damaged.length / 2)), victim.r)
    // And another one naming a dictionary that does not exist.
    const other = db
      .prepare("SELECT rowid AS r, record FROM records WHERE typeof(record) = 'blob' AND rowid > ? ORDER BY rowid LIMIT 1")
      .get(victim.r) as {
      r: number
      record: Buffer
    }
    const wrongDict = Buffer.from(other.record)
    wrongDict[1] = 99
    db.prepare('UPDATE records SET record = ? WHERE rowid = ?').run(wrongDict, other.r)
    db.close()

    const again = openSnapshot(path)
    try {
      const check = again.checkIntegrity()
      expect(check.ok).toBe(false)
      expect(check.problems).toEqual([
        expect.stringMatching(new RegExp(`^record ${victim.r}: does not decode \\(`)),
        `record ${other.r}: does not decode (its dictionary 99 is missing from record_dicts)`,
      ])
    } finally {
      again.close()
    }
  })
})

describe('a dictionary made in a call that rolled back', () => {
  it('is never taken for another connection’s next dictionary', () => {
    const path = tempSnapshotPath()
    openSnapshot(path).close()
    const a = new Database(path)
    const b = new Database(path)
    const sa = new Statements(a)
    const sb = new Statements(b)
    const put = (db: Database.Database, st: Statements, from: number, n: number, word: string) => {
      const docs = db.prepare("INSERT INTO docs (corpus, id, main_ms, main_day, upd_ms, upd_day) VALUES ('dou', ?, 0, 0, 0, 0)")
      const recs = db.prepare('INSERT INTO records (rowid, record) VALUES (?, ?)')
      for (let i = from; i < from + n; i++) {
        const json = JSON.stringify({ id: `x${i}`, text: `${word} ${i} `.repeat(20) })
        recs.run(docs.run(`x${i}`).lastInsertRowid, encodeRecord(st, 'dou', json))
      }
    }
    // Connection a makes a dictionary of "alfa" records, then its transaction rolls back.
    expect(() =>
      a.transaction(() => {
        put(a, sa, 0, TRAIN_FROM + 300, 'alfa')
        expect(a.prepare('SELECT count(*) FROM record_dicts').pluck().get()).toBe(1)
        throw new Error('a later file is bad')
      })(),
    ).toThrow('a later file is bad')
    // Connection b writes "beta" records with its own dictionary; a reads them right.
    b.transaction(() => put(b, sb, 0, TRAIN_FROM + 300, 'beta'))()
    const rows = a.prepare("SELECT record FROM records WHERE typeof(record) = 'blob'").pluck().all() as Buffer[]
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) expect(decodeRecord(sa, r)).toMatch(/^\{"id":"x\d+","text":"beta /)
    a.close()
    b.close()
  })
})

describe('a record blob', () => {
  it('that is damaged, or read with another dictionary, fails to decode rather than decoding to other text', () => {
    const path = tempSnapshotPath()
    openSnapshot(path).close()
    const db = new Database(path)
    const st = new Statements(db)
    const docs = db.prepare("INSERT INTO docs (corpus, id, main_ms, main_day, upd_ms, upd_day) VALUES ('dou', ?, 0, 0, 0, 0)")
    const recs = db.prepare('INSERT INTO records (rowid, record) VALUES (?, ?)')
    db.transaction(() => {
      for (let i = 0; i < TRAIN_FROM + 10; i++) {
        const json = JSON.stringify({ id: `x${i}`, text: `portaria ${i} `.repeat(30) })
        recs.run(docs.run(`x${i}`).lastInsertRowid, encodeRecord(st, 'dou', json))
      }
    })()
    const blob = db.prepare("SELECT record FROM records WHERE typeof(record) = 'blob' LIMIT 1").pluck().get() as Buffer
    expect(decodeRecord(st, blob)).toMatch(/^\{"id":"x\d+"/)
    for (const at of [blob.length - 1, blob.length - 6, Math.floor(blob.length / 2)]) {
      const damaged = Buffer.from(blob)
      damaged[at] = (damaged[at] as number) ^ 0x10
      expect(() => decodeRecord(st, damaged)).toThrow()
    }
    // The same blob read against another corpus's dictionary.
    const other = db.prepare('SELECT id FROM record_dicts').pluck().get() as number
    db.prepare('UPDATE record_dicts SET dict = ? WHERE id = ?').run(Buffer.alloc(16_384, 'x'), other)
    expect(() => decodeRecord(new Statements(db), blob)).toThrow()
    db.close()
  })
})
