/**
 * The block index in SQLite: the segments a random history of writes leaves, written as rows and
 * read back lazily, answer every query exactly as the segments in memory do; the deleted
 * documents come back per segment; a segment's terms are read only when a query names them.
 */
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Statements } from '../../packages/legisearch/src/store/statements.js'
import { search } from '../../packages/legisearch/src/text-index/blocks/evaluate.js'
import {
  createBlockTables,
  deleteFromSegment,
  readSegments,
  writeSegment,
} from '../../packages/legisearch/src/text-index/blocks/storage.js'
import type { TermPostings } from '../../packages/legisearch/src/text-index/blocks/segment.js'
import { WEIGHTS, historyArb, queryArb, replay, singleWordArb } from './blocks-support.js'

describe('block index storage', () => {
  it('segments written and read back answer as in memory, with their deleted documents', () => {
    fc.assert(
      fc.property(historyArb, fc.array(fc.oneof(queryArb, singleWordArb), { minLength: 1, maxLength: 5 }), (history, queries) => {
        const { segments } = replay(history)
        const db = new Database(':memory:')
        try {
          const st = new Statements(db)
          db.transaction(() => {
            createBlockTables(db)
            for (const s of segments) deleteFromSegment(st, writeSegment(st, 'notes:default', s.segment), s.deleted)
            writeSegment(st, 'notes:keyword', segments[0]!.segment)
          })()
          const read = readSegments(st, 'notes:default')
          expect(read.map((r) => [...r.deleted].sort((a, b) => a - b))).toEqual(segments.map((s) => [...s.deleted].sort((a, b) => a - b)))
          expect(read.map((r) => [...r.segment.docs])).toEqual(segments.map((s) => [...s.segment.docs]))
          // Every term's block metadata reads back as it was built (a looser bound would not change an answer).
          const arrays = (p: TermPostings | undefined) =>
            p &&
            [p.df, p.lastDocs, p.offsets, p.positionOffsets, p.counts, p.impactEnds, p.impacts].map((a) =>
              typeof a === 'number' ? a : [...a],
            )
          segments.forEach((s, i) => {
            for (const [term, built] of s.segment.terms) expect(arrays(read[i]?.segment.terms.get(term))).toEqual(arrays(built))
          })
          for (const q of queries) {
            for (const k of [1, 20]) {
              expect(search(read, WEIGHTS, q, { k })).toEqual(search(segments, WEIGHTS, q, { k }))
            }
          }
          expect(readSegments(st, 'notes:keyword')).toHaveLength(1)
          expect(readSegments(st, 'notes:sensitive')).toEqual([])
        } finally {
          db.close()
        }
      }),
      { numRuns: 60 },
    )
  })

  it('reads a term’s row only when asked, once', () => {
    const db = new Database(':memory:')
    const st = new Statements(db)
    createBlockTables(db)
    const { segments } = replay([{ upserts: [{ id: 1, fields: [['a', 'b'], ['c']] }], removes: [] }])
    writeSegment(st, 's', segments[0]!.segment)
    const [seg] = readSegments(st, 's')
    const reads: string[] = []
    db.function('noted', (t: string) => (reads.push(t), 1))
    const original = st.prepared.bind(st)
    st.prepared = (sql: string) =>
      original(sql.includes('FROM block_terms') ? sql.replace('AND term = ?', 'AND term = ? AND noted(term)') : sql)
    expect(seg!.segment.terms.get('a')?.df).toBe(1)
    expect(seg!.segment.terms.get('a')?.df).toBe(1)
    expect(seg!.segment.terms.get('zzz')).toBeUndefined()
    expect(reads).toEqual(['a'])
    db.close()
  })
})
