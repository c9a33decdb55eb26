/**
 * `legisearch searches save|list|delete` and `legisearch alerts check`, run as a user runs them (a
 * child process), against the library on the same file; `alerts check` POSTs to a webhook
 * receiver on 127.0.0.1 (in this process, so the command runs asynchronously).
 */
import { spawn } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { cliArgs, runCli } from '../helpers/cli.js'
import { loopbackServers } from '../helpers/loopback.js'
import { proposition } from '../helpers/records.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const serve = loopbackServers()

/** `legisearch …args` without blocking this process's event loop (the receiver answers meanwhile). */
function runAsync(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArgs(...args), { env: { ...process.env, LEGISEARCH_SNAPSHOT: '' } })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out, err }))
  })
}

describe('legisearch searches and alerts', () => {
  it('saves, lists and deletes saved searches; alerts check lists the new documents, marks them seen and sends the webhook', async () => {
    const received: { body: string; signature: string }[] = []
    const port = await serve((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-legisearch-signature']) })
        res.end()
      })
    })
    const path = tempSnapshotPath()
    const created = runCli('monitors', 'create', 'Reformas', '--client', 'acme', '--json', '--snapshot', path)
    expect([created.code, created.err]).toEqual([0, ''])
    const m = JSON.parse(created.out) as { id: string; name: string }
    expect(m.name).toBe('Reformas')

    const refused = runCli(
      'searches',
      'save',
      'dou',
      '--webhook',
      `http://127.0.0.1:${port}/hook`,
      '--client',
      'acme',
      '--monitor',
      m.id,
      '--snapshot',
      path,
    )
    expect(refused.code).toBe(2)
    expect(refused.err).toMatch(/^legisearch: webhook: 127\.0\.0\.1 is a loopback address: .*--webhooks-allow-private/)

    // The receiver is on 127.0.0.1: saved and checked with --webhooks-allow-private.
    const saved = runCli(
      'searches',
      'save',
      '--webhooks-allow-private',
      'propositions',
      '--q',
      'reforma',
      '--sort',
      'older',
      '--filter',
      'states=SP',
      '--name',
      'Reforma SP',
      '--webhook',
      `http://127.0.0.1:${port}/hook`,
      '--client',
      'acme',
      '--monitor',
      m.id,
      '--json',
      '--snapshot',
      path,
    )
    expect(saved.err).toBe('')
    expect(saved.code).toBe(0)
    const s = JSON.parse(saved.out) as { id: string; webhookSecret: string; query: object; body: object }
    expect(s).toMatchObject({ query: { q: 'reforma', sort: 'older' }, body: { states: ['SP'] } })
    const other = JSON.parse(
      runCli('searches', 'save', 'dou', '--client', 'acme', '--monitor', m.id, '--json', '--snapshot', path).out,
    ) as { id: string }

    const bad = runCli('searches', 'save', 'dou', '--webhook', 'ftp://x/', '--client', 'acme', '--monitor', m.id, '--snapshot', path)
    expect([bad.code, bad.err]).toEqual([2, 'legisearch: webhook: must be an http:// or https:// URL (other schemes are refused)\n'])

    const listed = runCli('searches', 'list', '--client', 'acme', '--monitor', m.id, '--json', '--snapshot', path)
    const lib = openSnapshot(path, { readonly: true })
    expect(JSON.parse(listed.out)).toEqual({ data: lib.listSavedSearches('acme', m.id) })
    lib.close()
    expect(runCli('searches', 'list', '--client', 'acme', '--monitor', m.id, '--snapshot', path).out).toContain('Reforma SP')
    expect(runCli('searches', 'delete', other.id, '--client', 'acme', '--monitor', m.id, '--snapshot', path).code).toBe(0)

    const author = (uf: string) => ({ openDataId: uf, type: 'Deputado', name: `Autor ${uf}`, acronymParty: 'X', uf })
    const w = openSnapshot(path)
    w.upsert(
      'propositions',
      untyped([
        proposition('n1', { number: 1, title: 'Reforma tributária', authors: [author('SP')] }),
        proposition('n2', { number: 2, title: 'Reforma administrativa', authors: [author('RJ')] }),
        proposition('n3', { number: 3, title: 'Saúde', authors: [author('SP')] }),
      ]),
    )
    w.close()

    const first = await runAsync('alerts', 'check', '--webhooks-allow-private', '--client', 'acme', '--format', 'json', '--snapshot', path)
    expect(first.err).toBe('')
    expect(first.code).toBe(0)
    const answer = JSON.parse(first.out) as { data: { searchId: string; document: { id: string } }[]; deliveries: { delivered: boolean }[] }
    expect(answer.data.map((a) => [a.searchId, a.document.id])).toEqual([[s.id, 'n1']])
    expect(answer.deliveries).toMatchObject([{ delivered: true, attempts: 1, documents: 1 }])
    expect(received).toHaveLength(1)
    const r = received[0] as { body: string; signature: string }
    expect(r.signature).toBe(`sha256=${createHmac('sha256', s.webhookSecret).update(r.body).digest('hex')}`)
    expect((JSON.parse(r.body) as { documents: unknown[] }).documents).toEqual(answer.data.map((a) => a.document))

    // The table: a new record, without --client (every client's saved searches).
    const w3 = openSnapshot(path)
    w3.upsert('propositions', untyped([proposition('n4', { number: 4, title: 'Reforma eleitoral', authors: [author('SP')] })]))
    w3.close()
    const table = await runAsync('alerts', 'check', '--webhooks-allow-private', '--snapshot', path)
    expect(table.code).toBe(0)
    expect(table.out).toMatch(/^Reforma SP \(propositions\): 1 new\n/)
    expect(table.out).toMatch(/\nn4 {2}2024-01-02 {2}Reforma eleitor/)
    expect(table.err).toMatch(/^webhook http:\/\/127\.0\.0\.1:\d+\/hook: delivered 1 document \(try 1\)\n$/)
    expect(received).toHaveLength(2)
    const again = await runAsync('alerts', 'check', '--snapshot', path)
    expect([again.code, again.out]).toEqual([0, 'no new document\n'])

    // Without the opt-in, the check is done but the webhook to 127.0.0.1 is refused (exit 3, not tried again).
    const w4 = openSnapshot(path)
    w4.upsert('propositions', untyped([proposition('n5', { number: 5, title: 'Reforma política', authors: [author('SP')] })]))
    w4.close()
    const strict = await runAsync('alerts', 'check', '--snapshot', path)
    expect(strict.code).toBe(3)
    expect(strict.out).toMatch(/^Reforma SP \(propositions\): 1 new\n/)
    expect(strict.err).toMatch(
      /^webhook http:\/\/127\.0\.0\.1:\d+\/hook: NOT delivered after 1 try: 127\.0\.0\.1, a loopback address: webhooks go to public addresses only/,
    )
    expect(received).toHaveLength(2)
  })
})
