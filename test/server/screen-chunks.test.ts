/**
 * `POST /watchlist/screen` in chunks: every chunk of one answer comes from the same watchlist; a
 * watchlist that moves under a batch starts it again, and one that keeps moving answers 503.
 */
import { describe, expect, it } from 'vitest'
import type { Answer, Call } from '../../packages/server/src/backend.js'
import { screenInChunks } from '@legisearch/server'

/** A backend whose watchlist version is `versionAt(n)` at its n-th call; each entry's result echoes its name. */
function backend(versionAt: (n: number) => string): { read: (call: Call) => Promise<Answer>; calls: () => number } {
  let n = 0
  return {
    read: (call) => {
      if (call.op !== 'screen') throw new Error(`unexpected ${call.op}`)
      const { entries } = JSON.parse(call.body) as { entries: { name: string }[] }
      const json = JSON.stringify({
        results: entries.map((e) => ({ name: e.name, matches: [] })),
        threshold: 0.8,
        listDateGenerated: null,
        heldBackRemovals: 0,
        watchlistVersion: versionAt(n++),
      })
      return Promise.resolve({ ok: true, json })
    },
    calls: () => n,
  }
}

const body = { entries: Array.from({ length: 600 }, (_, i) => ({ name: `n${i}` })) }

describe('screenInChunks', () => {
  it('answers every entry in order from chunks of 250 of one watchlist', async () => {
    const b = backend(() => '7:3')
    const answer = await screenInChunks(body, b.read)
    expect(answer.ok).toBe(true)
    const json = JSON.parse((answer as { json: string }).json) as { results: { name: string }[]; watchlistVersion: string }
    expect(json.results.map((r) => r.name)).toEqual(body.entries.map((e) => e.name))
    expect(json.watchlistVersion).toBe('7:3')
    expect(b.calls()).toBe(3)
  })

  it('starts again when the watchlist moves between chunks, and answers from the new one', async () => {
    // 1st attempt: chunks see 1, 1, 2 → again; 2nd: 2, 2, 2.
    const b = backend((n) => (n < 2 ? '1:1' : '2:1'))
    const answer = await screenInChunks(body, b.read)
    expect(JSON.parse((answer as { json: string }).json).watchlistVersion).toBe('2:1')
    expect(b.calls()).toBe(6)
  })

  it('answers 503 busy when the watchlist keeps moving', async () => {
    const b = backend((n) => String(n))
    expect(await screenInChunks(body, b.read)).toEqual({
      ok: false,
      status: 503,
      code: 'busy',
      message: 'the watchlist changed during the screening; nothing was answered, retry in a moment',
    })
  })
})
