/**
 * The block index's caches across connections: a reader's cached segments and document columns
 * follow another connection's writes (new, replaced and removed documents), as a snapshot read by
 * one process and written by another must.
 */
import { copyFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../packages/legisearch/src/store/database.js'
import { DocumentRows } from '../../packages/legisearch/src/store/documents.js'
import { Statements } from '../../packages/legisearch/src/store/statements.js'
import { BlockIndex } from '../../packages/legisearch/src/text-index/blocks/block-index.js'
import { MERGE_FACTOR, tierOf } from '../../packages/legisearch/src/text-index/blocks/merge.js'
import { FTS5_UPGRADES } from '../../packages/legisearch/src/text-index/fts5.js'
import type { IndexLayout, IndexSearch } from '../../packages/legisearch/src/text-index/types.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

const LAYOUT: IndexLayout = {
  name: 'notes',
  fields: [
    { name: 'title', weight: 2 },
    { name: 'body', weight: 1 },
  ],
}

/** A search for one word, first page of 10. */
function wordSearch(word: string, sort: IndexSearch['sort']): IndexSearch {
  return {
    layout: LAYOUT,
    text: { groups: [[{ words: [word] }]], exclude: [] },
    mode: 'default',
    canonical: false,
    facets: [],
    days: [],
    sort,
    limit: 10,
    offset: 0,
  }
}

/** The ids of a connection's documents, by rowid. */
function idsOf(db: ReturnType<typeof openDatabase>): Map<number, string> {
  return new Map((db.prepare('SELECT rowid, id FROM docs').all() as { rowid: number; id: string }[]).map((x) => [x.rowid, x.id]))
}

function connect(path: string) {
  const db = openDatabase(path, false, 5000, FTS5_UPGRADES)
  const st = new Statements(db)
  return { db, index: new BlockIndex(db, st), rows: new DocumentRows(st) }
}

describe('block index across connections', () => {
  it('a reader sees another connection’s new, replaced and removed documents, in the right order', () => {
    const path = tempSnapshotPath()
    const w = connect(path)
    w.db.transaction(() => w.index.create([LAYOUT]))()
    const r = connect(path)
    const put = (id: string, title: string, ms: number) =>
      w.db.transaction(() => {
        const writer = w.index.writer(LAYOUT)
        const existing = w.rows.rowidOf('notes', id)
        if (existing !== undefined) writer.remove(existing)
        const rowid = w.rows.put(
          { corpus: 'notes', id, mainMs: ms, mainDay: 20240101, updMs: ms, updDay: 20240101, record: '{}' },
          existing,
        )
        writer.add(rowid, [title, ''], [])
        writer.finish?.()
        w.rows.flushDates()
      })()
    const newest = (q: string): string[] => {
      const ids = idsOf(r.db)
      return r.index.search(wordSearch(q, 'newest')).rows.map((x) => ids.get(x.rowid) ?? '?')
    }
    put('a', 'reforma tributária', 1000)
    expect(newest('reforma')).toEqual(['a'])
    put('b', 'reforma agrária', 2000)
    expect(newest('reforma')).toEqual(['b', 'a'])
    // Replaced: a no longer says reforma, and is now the newest.
    put('a', 'saúde pública', 3000)
    expect(newest('reforma')).toEqual(['b'])
    expect(newest('saude')).toEqual(['a'])
    const rowid = w.rows.rowidOf('notes', 'b') as number
    w.db.transaction(() => {
      const writer = w.index.writer(LAYOUT)
      writer.remove(rowid)
      writer.finish?.()
      w.rows.delete('notes', 'b', rowid)
      w.rows.flushDates()
    })()
    expect(newest('reforma')).toEqual([])
    expect(r.index.problems(LAYOUT, 1)).toEqual([])
    w.db.close()
    r.db.close()
  })

  it('keeps about 3·log4(documents) segments per space however the documents arrive, dropping emptied ones', () => {
    const path = tempSnapshotPath()
    const w = connect(path)
    w.db.transaction(() => w.index.create([LAYOUT]))()
    const write = (id: string, title: string) =>
      w.db.transaction(() => {
        const writer = w.index.writer(LAYOUT)
        const existing = w.rows.rowidOf('notes', id)
        if (existing !== undefined) writer.remove(existing)
        const rowid = w.rows.put({ corpus: 'notes', id, mainMs: 1, mainDay: 20240101, updMs: 1, updDay: 20240101, record: '{}' }, existing)
        writer.add(rowid, [title, ''], [])
        writer.finish?.()
        w.rows.flushDates()
      })()
    const segments = () => w.db.prepare("SELECT count(*) FROM block_segments WHERE space = 'notes:default'").pluck().get() as number
    for (let i = 0; i < 500; i++) write(`d${i}`, `palavra${i % 7} texto`)
    // At most MERGE_FACTOR − 1 segments per tier (log4 of their documents).
    const most = (MERGE_FACTOR - 1) * (tierOf(500) + 1)
    expect(segments()).toBeLessThanOrEqual(most)
    // Every document written again: the old segments empty out and go.
    for (let i = 0; i < 500; i++) write(`d${i}`, `outra${i % 5}`)
    expect(segments()).toBeLessThanOrEqual(most)
    // Tombstones do not pile up either: fewer than 200 of the 500 replaced documents' are still kept, in every space.
    const tombstones = w.db
      .prepare('SELECT s.space, count(*) FROM block_deleted d JOIN block_segments s ON s.id = d.segment GROUP BY s.space')
      .raw()
      .all() as [string, number][]
    expect(tombstones.map(([space]) => space).sort()).toEqual(['notes:default', 'notes:facets', 'notes:keyword', 'notes:sensitive'])
    for (const [space, n] of tombstones) expect(n, space).toBeLessThan(200)
    expect(w.index.problems(LAYOUT, 500)).toEqual([])
    w.db.close()
  })

  it('a reader never mistakes a new segment for a dropped one it had cached', () => {
    const path = tempSnapshotPath()
    const w = connect(path)
    w.db.transaction(() => w.index.create([LAYOUT]))()
    const r = connect(path)
    const write = (id: string, title: string | null) =>
      w.db.transaction(() => {
        const writer = w.index.writer(LAYOUT)
        const existing = w.rows.rowidOf('notes', id)
        if (existing !== undefined) writer.remove(existing)
        if (title === null) {
          if (existing !== undefined) w.rows.delete('notes', id, existing)
        } else {
          const rowid = w.rows.put(
            { corpus: 'notes', id, mainMs: 1, mainDay: 20240101, updMs: 1, updDay: 20240101, record: '{}' },
            existing,
          )
          writer.add(rowid, [title, ''], [])
        }
        writer.finish?.()
        w.rows.flushDates()
      })()
    const count = (word: string) => r.index.search(wordSearch(word, 'newest')).total
    for (let i = 0; i < 8; i++) write(`big${i}`, 'comum')
    write('tail', 'velho')
    expect([count('comum'), count('velho')]).toEqual([8, 1])
    // The newest segment empties and is dropped; the next write's segment must not take its id.
    write('tail', null)
    write('fresh', 'novo')
    expect([count('comum'), count('velho'), count('novo')]).toEqual([8, 0, 1])
    w.db.close()
    r.db.close()
  })

  it('a write rolled back leaves nothing behind in the connection that made it, though its segment ids come again', () => {
    const path = tempSnapshotPath()
    const w = connect(path)
    w.db.transaction(() => w.index.create([LAYOUT]))()
    const put = (docs: [string, string][], fail = false) => {
      try {
        w.db.transaction(() => {
          const writer = w.index.writer(LAYOUT)
          for (const [id, title] of docs) {
            const existing = w.rows.rowidOf('notes', id)
            if (existing !== undefined) writer.remove(existing)
            const rowid = w.rows.put(
              { corpus: 'notes', id, mainMs: 1, mainDay: 20240101, updMs: 1, updDay: 20240101, record: '{}' },
              existing,
            )
            writer.add(rowid, [title, ''], [])
          }
          writer.finish?.()
          w.rows.flushDates()
          // What an ingest does when a later file is bad: the call's writes are rolled back.
          if (fail) throw new Error('refused')
        })()
      } catch (e) {
        if (!fail) throw e
      }
    }
    const found = (db: typeof w.db, index: BlockIndex, word: string) => {
      const ids = idsOf(db)
      const page = index.search(wordSearch(word, 'relevance'))
      return { total: page.total, ids: page.rows.map((x) => ids.get(x.rowid) ?? '?').sort() }
    }
    put([
      ['a1', 'alpha common'],
      ['a2', 'alpha common'],
    ])
    put(
      [
        ['b1', 'beta common common'],
        ['b2', 'beta'],
      ],
      true,
    )
    put([
      ['c1', 'gamma'],
      ['c2', 'gamma common'],
    ])
    const expected = { total: 3, ids: ['a1', 'a2', 'c2'] }
    expect(found(w.db, w.index, 'common')).toEqual(expected)
    expect(found(w.db, w.index, 'beta')).toEqual({ total: 0, ids: [] })
    // What the file holds, as a fresh connection reads it.
    const r = connect(path)
    expect(found(r.db, r.index, 'common')).toEqual(expected)
    expect(r.index.problems(LAYOUT, 4)).toEqual([])
    w.db.close()
    r.db.close()
  })

  it('a segment’s stored lengths rank as its per-field lengths do; a file without them ranks the same; damaged ones are reported', () => {
    const path = tempSnapshotPath()
    const w = connect(path)
    w.db.transaction(() => w.index.create([LAYOUT]))()
    // Documents of many lengths holding one word, so BM25's length normalisation decides the order.
    w.db.transaction(() => {
      const writer = w.index.writer(LAYOUT)
      for (let i = 0; i < 300; i++) {
        const rowid = w.rows.put(
          { corpus: 'notes', id: `n${i}`, mainMs: 1, mainDay: 20240101, updMs: 1, updDay: 20240101, record: '{}' },
          undefined,
        )
        writer.add(rowid, [`lei ${'palavra '.repeat(i % 37)}`, 'texto '.repeat((i * 7) % 23)], [])
      }
      writer.finish?.()
      w.rows.flushDates()
    })()
    w.db.close()
    const ranked = (file: string) => {
      const r = connect(file)
      const page = r.index.search({ ...wordSearch('lei', 'relevance'), limit: 300 })
      const out = { rows: page.rows.map((x) => [x.rowid, x.relevance]), problems: r.index.problems(LAYOUT, 300) }
      r.db.close()
      return out
    }
    const withNorms = ranked(path)
    const r = connect(path)
    expect(r.db.prepare('SELECT count(*) FROM block_norms').pluck().get()).toBeGreaterThan(0)
    r.db.close()
    // An earlier version's file: no `block_norms`, lengths summed at the first search.
    const older = tempSnapshotPath()
    copyFileSync(path, older)
    new Database(older).exec('DROP TABLE block_norms')
    expect(ranked(older)).toEqual(withNorms)
    // Damaged: every length 1 — the search reads them (its order changes), and the check names them.
    const damaged = tempSnapshotPath()
    copyFileSync(path, damaged)
    const d = new Database(damaged)
    for (const row of d.prepare('SELECT segment, lengths FROM block_norms').all() as { segment: number; lengths: Buffer }[])
      d.prepare('UPDATE block_norms SET lengths = ? WHERE segment = ?').run(
        Buffer.from(new Int32Array(row.lengths.length / 4).fill(1).buffer),
        row.segment,
      )
    d.close()
    const bad = ranked(damaged)
    expect(bad.rows).not.toEqual(withNorms.rows)
    expect(bad.problems.join('\n')).toMatch(/notes:default: segment \d+'s stored document lengths differ from its per-field lengths/)
  })
})
