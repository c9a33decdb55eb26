/**
 * A file that is not UTF-8 is refused naming the line and the byte where the first invalid
 * sequence starts, wherever the reading's chunks fall (issue 22, item 15: it said "after byte 0").
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { LegisearchError } from 'legisearch'
import { strictUtf8 } from '../../packages/legisearch/src/ingest/utf8.js'

/** Runs `bytes` through the check in chunks of `size` bytes: the text, or the refusal. */
async function check(bytes: Buffer, size: number): Promise<string | LegisearchError> {
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size))
  let text = ''
  try {
    await pipeline(
      Readable.from(chunks),
      strictUtf8({ name: 'f.csv', path: '/tmp/f.csv' }, 'text'),
      async (source: AsyncIterable<string>) => {
        for await (const t of source) text += t
      },
    )
    return text
  } catch (e) {
    if (e instanceof LegisearchError) return e
    throw e
  }
}

const good = 'nome;cidade\nJoão;São Paulo\nAções;Brasília 🇧🇷\n'

describe('strict UTF-8: where the first invalid byte is', () => {
  it.each([1, 2, 3, 7, 4096])('valid text in chunks of %i bytes passes whole (characters cut between chunks)', async (size) => {
    expect(await check(Buffer.from(good), size)).toBe(good)
  })

  it.each([1, 2, 3, 5, 11, 4096])('a Latin-1 byte on line 4, in chunks of %i bytes: line 4 and its byte offset', async (size) => {
    const bytes = Buffer.concat([Buffer.from(good), Buffer.from('Jos', 'latin1'), Buffer.from([0xe9]), Buffer.from(';Recife\n')])
    const at = Buffer.byteLength(good) + 3
    const e = await check(bytes, size)
    expect(e).toBeInstanceOf(LegisearchError)
    expect((e as LegisearchError).message).toBe(
      `f.csv, line 4: is not UTF-8 (an invalid byte sequence at byte ${at}); re-encode it as UTF-8; nothing of this call was written`,
    )
  })

  it.each([
    ['an overlong form', [0xc0, 0xaf]],
    ['a surrogate', [0xed, 0xa0, 0x80]],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a lone continuation byte', [0x80]],
  ])('%s on line 1 after "ab": byte 2', async (_label, seq) => {
    const e = await check(Buffer.concat([Buffer.from('ab'), Buffer.from(seq), Buffer.from('cd\n')]), 1)
    expect((e as LegisearchError).message).toMatch(/^f\.csv, line 1: is not UTF-8 \(an invalid byte sequence at byte 2\)/)
  })

  it('a character cut at the end of the file: its first byte', async () => {
    const e = await check(Buffer.concat([Buffer.from('a\nbc'), Buffer.from([0xe2, 0x82])]), 2)
    expect((e as LegisearchError).message).toMatch(/^f\.csv, line 2: is not UTF-8 \(an invalid byte sequence at byte 4\)/)
  })
})
