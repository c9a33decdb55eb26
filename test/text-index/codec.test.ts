/**
 * The block index's integer codec: bit-packed frames at every width, gaps of ascending ids, and
 * varints round-trip exactly (fast-check), and frames take the bytes their width says.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ByteWriter,
  bitsFor,
  packedBytes,
  readGaps,
  readPacked,
  readVarint,
  writeGaps,
} from '../../packages/legisearch/src/text-index/blocks/codec.js'

const u32 = (bits: number) => fc.integer({ min: 0, max: bits === 32 ? 0xffffffff : 2 ** bits - 1 })

describe('block codec', () => {
  it('bitsFor is the width of the largest value', () => {
    expect([0, 1, 2, 3, 255, 256, 2 ** 31 - 1, 2 ** 32 - 1].map(bitsFor)).toEqual([0, 1, 2, 2, 8, 9, 31, 32])
  })

  it('packs and unpacks any values at every width, after any prefix, in the bytes the width says', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 32 })
          .chain((bits) =>
            fc.record({ bits: fc.constant(bits), values: fc.array(u32(bits), { maxLength: 300 }), prefix: fc.integer({ min: 0, max: 7 }) }),
          ),
        ({ bits, values, prefix }) => {
          const w = new ByteWriter()
          for (let i = 0; i < prefix; i++) w.byte(0xaa)
          w.packed(values, 0, values.length, bits)
          w.byte(0x55)
          const bytes = w.bytes()
          expect(bytes.length).toBe(prefix + 1 + packedBytes(values.length, bits) + 1)
          const out = new Uint32Array(values.length)
          const next = readPacked(bytes, prefix, values.length, out)
          expect([...out]).toEqual(values)
          expect(bytes[next]).toBe(0x55)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('writes ascending ids as gaps and reads them back, chained block after block', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 2 ** 31 - 2 }), { maxLength: 600 }),
        fc.integer({ min: 1, max: 200 }),
        (raw, block) => {
          const ids = Int32Array.from(raw.sort((a, b) => a - b))
          const w = new ByteWriter()
          const bases: number[] = []
          for (let from = 0, base = -1; from < ids.length; from += block) {
            const n = Math.min(block, ids.length - from)
            bases.push(base)
            writeGaps(w, ids, n, base, from)
            base = ids[from + n - 1] as number
          }
          const bytes = w.bytes()
          const got: number[] = []
          let at = 0
          for (const [b, base] of bases.entries()) {
            const n = Math.min(block, ids.length - b * block)
            const out = new Int32Array(n)
            at = readGaps(bytes, at, n, base, out)
            got.push(...out)
          }
          expect(got).toEqual([...ids])
          expect(at).toBe(bytes.length)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('refuses ids that do not ascend, naming them', () => {
    expect(() => writeGaps(new ByteWriter(), [5, 5], 2, -1)).toThrow('document ids must ascend: 5 after 5')
  })

  it('varints round-trip every unsigned 32-bit value', () => {
    fc.assert(
      fc.property(fc.array(u32(32), { maxLength: 50 }), (values) => {
        const w = new ByteWriter()
        for (const v of values) w.varint(v)
        const bytes = w.bytes()
        const out = [0]
        let at = 0
        for (const v of values) {
          at = readVarint(bytes, at, out)
          expect(out[0]).toBe(v)
        }
        expect(at).toBe(bytes.length)
      }),
    )
  })
})
