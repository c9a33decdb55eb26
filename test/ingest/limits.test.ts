/**
 * The ingest limits (`INGEST_LIMITS`) inside zip archives: a refusal names the archive, the entry
 * and the line, and says the limit; nothing is written (issue 22, item 3). A zip entry that
 * declares more than a file may unpack to is refused before anything is unpacked; one that unpacks
 * past the compression ratio is refused as it unpacks.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { INGEST_LIMITS } from '../../packages/legisearch/src/ingest/limits.js'
import { rejectionOf } from '../helpers/errors.js'
import { tempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { zipOf } from '../helpers/zip.js'
import { fixture } from '../helpers/fixtures.js'

const DEPUTIES = fixture('social/parlametria-leggo-twitter-dados/parlamentares.csv')

describe('ingest limits in archives', () => {
  const csv = () => readFileSync(DEPUTIES)
  const header = () => {
    const b = csv()
    return b.subarray(0, b.indexOf(0x0a) + 1)
  }

  it('a line over the limit in a zip entry (a CSV record: its limit comes first): refused naming the archive, the entry and the line, nothing written', async () => {
    const dir = tempDir()
    const zip = join(dir, 'social.zip')
    const long = Buffer.concat([header(), Buffer.alloc(INGEST_LIMITS.lineBytes + 1, 0x41)])
    writeFileSync(zip, await zipOf({ 'dados/parlamentares.csv': long }, { compress: false }))
    const snap = tempSnapshot()
    const e = await rejectionOf(snap.ingest('social', [zip]))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toMatch(
      new RegExp(
        `^${zip.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:dados/parlamentares\\.csv, line 2: (is longer than 10000000 bytes|has a record longer than 5000000 characters), the longest .* \\(INGEST_LIMITS\\.(lineBytes|fieldBytes)\\); refused; nothing of this call was written$`,
      ),
    )
    expect(Object.values(snap.counts()).every((n) => n === 0)).toBe(true)
  })

  it('a quoted CSV field of 50 MB: refused naming the line, not stored as a name', async () => {
    const dir = tempDir()
    const file = join(dir, 'parlamentares.csv')
    const columns = (header().toString('utf8').trim().split(',') as string[]).length
    const field = `"${'Nome '.repeat(10_000_000)}"`
    writeFileSync(
      file,
      Buffer.concat([header(), Buffer.from(`${[field, ...Array.from({ length: columns - 1 }, () => '"1"')].join(',')}\n`)]),
    )
    const snap = tempSnapshot()
    const e = await rejectionOf(snap.ingest('social', [file]))
    expect(e.message).toBe(
      `${file}, line 2: has a record longer than 5000000 characters, the longest field or CSV record a source file may have (INGEST_LIMITS.fieldBytes); refused; nothing of this call was written`,
    )
    expect(snap.counts().stakeholders).toBe(0)
  })

  it('a zip entry past the compression ratio, and one declaring more than 2 GB: refused naming the entry, before or as it unpacks', async () => {
    const dir = tempDir()
    const snap = tempSnapshot()
    const bomb = join(dir, 'bomb.zip')
    writeFileSync(bomb, await zipOf({ 'parlamentares.csv': Buffer.concat([header(), Buffer.alloc(60_000_000)]) }))
    const started = Date.now()
    expect((await rejectionOf(snap.ingest('social', [bomb]))).message).toMatch(
      new RegExp(
        `^${bomb.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, entry parlamentares\\.csv: unpacks to more than 100 times its \\d+ compressed bytes \\(INGEST_LIMITS\\.compressionRatio\\): a compression bomb; refused; nothing of this call was written$`,
      ),
    )
    expect(Date.now() - started).toBeLessThan(5_000)
    // The central directory's uncompressed size (offset 24 of its header) says 3 GB.
    const declared = Buffer.from(await zipOf({ 'parlamentares.csv': csv() }))
    declared.writeUInt32LE(3_000_000_000, declared.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24)
    const big = join(dir, 'declared.zip')
    writeFileSync(big, declared)
    expect((await rejectionOf(snap.ingest('social', [big]))).message).toBe(
      `${big}, entry parlamentares.csv: declares 3000000000 bytes, more than one file may unpack to (2000000000, INGEST_LIMITS.entryBytes); refused; nothing of this call was written`,
    )
    expect(Object.values(snap.counts()).every((n) => n === 0)).toBe(true)
  })
})
