/**
 * An ingest killed mid-unpack leaves its temporary directory (its exit hook never ran): the next
 * unpack removes the directories of processes that no longer run, and keeps a live one's (issue
 * 22, item 15).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { sweepStale } from '../../packages/legisearch/src/ingest/archives.js'
import { tempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'

describe('stale unpack directories', () => {
  it("removes a dead process's directory, keeps a live one's and other names", () => {
    const dir = tempDir()
    const child = spawn('sleep', ['30'])
    try {
      const dead = join(dir, 'legisearch-unpack-999999999-abc')
      const live = join(dir, `legisearch-unpack-${child.pid as number}-def`)
      const other = join(dir, 'legisearch-unpack-notapid')
      for (const d of [dead, live, other]) mkdirSync(join(d, 'a-1'), { recursive: true })
      sweepStale(dir)
      expect([existsSync(dead), existsSync(live), existsSync(other)]).toEqual([false, true, true])
    } finally {
      child.kill()
    }
  })

  it('an ingest of an archive sweeps the temporary folder first', async () => {
    const stale = join(tmpdir(), 'legisearch-unpack-999999998-sweepme')
    mkdirSync(join(stale, 'a-x'), { recursive: true })
    const dir = tempDir()
    const gz = join(dir, 'feed.xml.gz')
    const rss =
      '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Câmara</title><link>https://www.camara.leg.br</link>' +
      '<item><title>Nota</title><link>https://www.camara.leg.br/noticias/1</link><guid>1</guid><pubDate>Tue, 23 May 2023 10:00:00 -0300</pubDate><description>d</description></item></channel></rss>\n'
    writeFileSync(gz, gzipSync(Buffer.from(rss)))
    const snap = tempSnapshot()
    await snap.ingest('notices', [gz])
    expect(existsSync(stale)).toBe(false)
  })
})
