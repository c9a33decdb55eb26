/**
 * The statements a search, a page of records and a re-index run look documents up by rowid: none
 * walks a corpus through the (corpus, id) index of `docs`. SQLite's planner chose that index for
 * `corpus = ? AND rowid IN (…)` and `corpus = ? AND rowid > ? ORDER BY rowid`, which at a million
 * documents cost 115 ms for a page of 20 records and 1.2 s for each page of a re-index.
 */
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { proposition } from '../helpers/records.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

describe('query plans over docs', () => {
  it('look documents up by rowid in searches, pages and re-indexing', () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    snap.upsert(
      'propositions',
      untyped(Array.from({ length: 3000 }, (_, i) => proposition(`p${i}`, { number: i + 1, summary: `reforma tributária ${i % 7}` }))),
    )
    snap.upsert('dou', [])
    snap.close()
    // Every statement the library prepares from here on, recorded.
    const seen = new Set<string>()
    const proto = Database.prototype as unknown as { prepare: (sql: string) => unknown }
    const prepare = proto.prepare
    proto.prepare = function (this: Database.Database, sql: string) {
      seen.add(sql)
      return prepare.call(this, sql)
    }
    try {
      const ro = openSnapshot(path, { readonly: true })
      for (const sort of ['relevance', 'newest', 'recently_updated'] as const)
        for (const page of [1, 3]) ro.search('propositions', { q: 'reforma', sort, page, limit: 20 })
      ro.search('propositions', { q: 'reforma' }, { created_at: { from: '2024-01-01', to: '2024-12-31' } })
      ro.close()
    } finally {
      proto.prepare = prepare
    }
    const db = new Database(path, { readonly: true })
    const docsRead = [...seen].filter((sql) => /\bFROM docs\b/.test(sql) && /\browid\b/.test(sql))
    expect(docsRead.length).toBeGreaterThan(0)
    for (const sql of docsRead) {
      const params = (sql.match(/\?/g) ?? []).map(() => 1)
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((x) => x.detail).join('; ')
      expect({ sql, plan }).not.toMatchObject({ plan: expect.stringMatching(/INDEX sqlite_autoindex_docs_1 \(corpus=\?\)|TEMP B-TREE/) })
    }
    db.close()
  })
})
