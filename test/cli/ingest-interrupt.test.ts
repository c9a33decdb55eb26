/**
 * `legisearch ingest` follows the whole call (one progress line per quarter of its bytes, with the
 * file n of the call's files) and stops cleanly on Ctrl-C: the call rolls back, the command says
 * nothing was written and exits 130 (issue 27).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { cliArgs, runCli } from '../helpers/cli.js'
import { tempDir } from '../helpers/tmp-snapshot.js'
import { CASES, type SourceCase } from '../ingest/cases.js'

const camara = CASES.find((c) => c.label === 'camara (CSV)') as SourceCase

describe('legisearch ingest: progress and Ctrl-C', () => {
  it('prints progress over the whole call: a quarter at a time, naming the file n of the call', () => {
    const db = join(tempDir(), 'snapshot.db')
    const r = runCli('ingest', 'camara', ...camara.files, '--snapshot', db)
    expect(r.code).toBe(0)
    const lines = r.err.split('\n').filter((l) => l.startsWith('reading camara files:'))
    expect(lines.map((l) => /: (\d+)%/.exec(l)?.[1])).toEqual(['0', '25', '50', '75', '100'])
    expect(lines.at(-1)).toMatch(/file 5 of 5: .*; 13120 records written/)
  })

  it('Ctrl-C during the ingest rolls it back, says so and exits 130', async () => {
    const db = join(tempDir(), 'snapshot.db')
    const child = spawn(process.execPath, cliArgs('ingest', 'camara', ...camara.files, '--snapshot', db), {
      env: { ...process.env, LEGISEARCH_SNAPSHOT: '' },
    })
    let err = ''
    let sent = false
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString()
      // Three quarters of the bytes: records are being written.
      if (!sent && /reading camara files: 75%/.test(err)) {
        sent = true
        child.kill('SIGINT')
      }
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(sent).toBe(true)
    expect(Number(/75% \(.*; (\d+) records written/.exec(err)?.[1])).toBeGreaterThan(0)
    expect(code).toBe(130)
    expect(err).toMatch(/legisearch: interrupted; nothing of this ingest was written/)
    using snap = openSnapshot(db, { readonly: true })
    expect(snap.counts()).toMatchObject({ propositions: 0, stakeholders: 0 })
    expect(snap.ingests()).toEqual([])
  })
})
