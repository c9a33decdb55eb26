/**
 * Archives as a call's inputs, beyond the conformance suite's zip cases: what archivers add
 * (`__MACOSX/`, `.DS_Store`, directories) is skipped; an archive inside an archive is opened; an
 * empty zip and one too deep are refused naming them.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { rejectionOf } from '../helpers/errors.js'
import { tempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { zipOf } from '../helpers/zip.js'
import { CASES } from './cases.js'

const alesp = CASES.find((c) => c.source === 'alesp')

describe('archives', () => {
  const files = () => Object.fromEntries((alesp?.files ?? []).map((f) => [`dados/${basename(f)}`, readFileSync(f)]))

  it('skips what archivers add, and opens a gzip file inside a zip', async () => {
    const dir = tempDir()
    const plain = tempSnapshot()
    const expected = await plain.ingest('alesp', alesp?.files ?? [])
    const [first, ...rest] = Object.entries(files())
    const zip = join(dir, 'mac.zip')
    writeFileSync(
      zip,
      await zipOf({
        ...Object.fromEntries(rest),
        [`${(first as [string, Buffer])[0]}.gz`]: gzipSync((first as [string, Buffer])[1]),
        '__MACOSX/dados/._alesp-deputados-amostra.xml': Buffer.from([0, 5, 22, 7, 0, 2]),
        'dados/.DS_Store': Buffer.from([0, 0, 0, 1, 66, 117, 100, 49]),
      }),
    )
    const snap = tempSnapshot()
    const report = await snap.ingest('alesp', [zip])
    expect(report.collections).toEqual(expected.collections)
    expect(report.files).toEqual([zip])
  })

  it('refuses an empty zip and archives nested too deep, naming them', async () => {
    const dir = tempDir()
    const empty = join(dir, 'empty.zip')
    writeFileSync(empty, await zipOf({}))
    const snap = tempSnapshot()
    expect((await rejectionOf(snap.ingest('alesp', [empty]))).message).toBe(
      `${empty}: is a zip archive with no file in it; nothing of this call was written`,
    )
    let nested: Buffer = readFileSync(alesp?.files[0] as string)
    for (let i = 0; i < 4; i++) nested = gzipSync(nested)
    const deep = join(dir, 'deep.xml.gz')
    writeFileSync(deep, nested)
    expect((await rejectionOf(snap.ingest('alesp', [deep]))).message).toMatch(
      /is an archive nested more than 3 deep; refused; nothing of this call was written$/,
    )
    expect(snap.counts().propositions).toBe(0)
    expect(existsSync(deep)).toBe(true)
  })
})
