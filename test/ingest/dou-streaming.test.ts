/**
 * The DOU reader streams (issue 24): over several days of real INLABS zips, each batch it hands
 * on is bounded (`readDou`'s bounds: acts, characters of text), and it never reads ahead of what
 * it has handed on by more than the parts of an act still waiting for their last part — a day's
 * acts are not held, let alone the call's.
 */
import { describe, expect, it } from 'vitest'
import { withUnpacked } from '../../packages/legisearch/src/ingest/archives.js'
import type { InputFile, RecordBatch } from '../../packages/legisearch/src/ingest/define.js'
import { DOU_BATCH, readDou } from '../../packages/legisearch/src/ingest/dou/source.js'
import { firstBytes } from '../../packages/legisearch/src/ingest/files.js'
import { CASES } from './cases.js'

const files = (CASES.find((c) => c.source === 'dou')?.files ?? []).map((p) => ({ path: p, name: p }))

/** The idMateria of an act file, read here from its head. */
const materiaOf = (f: InputFile) => /\bidMateria="(\d+)"/.exec(firstBytes(f, 8192))?.[1] as string

describe('the DOU reader streams act by act', () => {
  it('hands on bounded batches as it reads, never a day ahead', async () => {
    const bounds = { acts: 40, chars: 150_000 }
    await withUnpacked(files, async (inputs) => {
      const read: string[] = []
      const handedOn = new Set<string>()
      let batches = 0
      let most = 0
      const ctx = { stage: () => expect.fail('no stage'), progress: (f: InputFile) => void read.push(materiaOf(f)), skip: () => {} }
      for await (const batch of readDou(inputs, ctx, bounds) as AsyncIterable<RecordBatch>) {
        batches++
        const texts = batch.records.map((r) => String(r['content']).length)
        expect(batch.records.length).toBeLessThanOrEqual(bounds.acts)
        // Past the character bound only by its last act.
        expect(texts.slice(0, -1).reduce((a, b) => a + b, 0)).toBeLessThan(bounds.chars)
        expect(batch.files).toHaveLength(batch.records.length)
        for (const r of batch.records) handedOn.add(String(r['id']).replace(/^dou-/, ''))
        // Files read whose act is not handed on yet: the parts of split acts under way, no more.
        const ahead = read.filter((m) => !handedOn.has(m)).length
        most = Math.max(most, ahead)
      }
      const parts = new Map<string, number>()
      for (const m of read) parts.set(m, (parts.get(m) ?? 0) + 1)
      expect(most).toBeLessThanOrEqual(Math.max(...parts.values()))
      expect(handedOn.size).toBe(parts.size)
      expect(batches).toBeGreaterThanOrEqual(Math.ceil(handedOn.size / bounds.acts))
      expect(read.length).toBeGreaterThan(4000)
    })
  })

  it('hands the runner batches of at most 500 acts', () => {
    expect(DOU_BATCH.acts).toBe(500)
    expect(DOU_BATCH.chars).toBeGreaterThan(0)
  })
})
