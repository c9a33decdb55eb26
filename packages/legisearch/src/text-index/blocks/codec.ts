/**
 * The integer codec of the block index: unsigned integers bit-packed in frames, the
 * frame's width the bits of its largest value (Lucene's FOR blocks, PISA's `block_simple`), and
 * sorted document ids stored as gaps from the previous one. Decoding is a loop over typed arrays
 * with no allocation; a block of 128 ids decodes in well under a microsecond.
 *
 * @example
 * const w = new ByteWriter()
 * writeGaps(w, Int32Array.of(3, 9, 10), 3, 0)
 * const out = new Int32Array(3)
 * readGaps(w.bytes(), 0, 3, 0, out) // out = [3, 9, 10]
 */

/** Postings per block: what a query skips over at once. */
export const BLOCK = 128

/** How many bits the largest of these values needs (0 for all zeros). */
export function bitsFor(max: number): number {
  return max === 0 ? 0 : 32 - Math.clz32(max)
}

/** Bytes of `n` values packed at `bits` each. */
export function packedBytes(n: number, bits: number): number {
  return Math.ceil((n * bits) / 8)
}

/** A growable byte buffer. */
export class ByteWriter {
  private buf = new Uint8Array(256)
  length = 0

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.buf.length) return
    let size = this.buf.length * 2
    while (size < this.length + n) size *= 2
    const next = new Uint8Array(size)
    next.set(this.buf.subarray(0, this.length))
    this.buf = next
  }

  byte(v: number): void {
    this.reserve(1)
    this.buf[this.length++] = v
  }

  /** An unsigned integer < 2^32 in 7-bit groups, low first. */
  varint(v: number): void {
    this.reserve(5)
    let x = v >>> 0
    while (x >= 0x80) {
      this.buf[this.length++] = (x & 0x7f) | 0x80
      x >>>= 7
    }
    this.buf[this.length++] = x
  }

  /** `n` values (each < 2^bits), packed low bit first, after a byte giving `bits`. */
  packed(values: ArrayLike<number>, from: number, n: number, bits: number): void {
    this.byte(bits)
    const size = packedBytes(n, bits)
    this.reserve(size + 4)
    const out = this.buf
    const start = this.length
    out.fill(0, start, start + size + 4)
    let bit = 0
    for (let i = 0; i < n; i++) {
      let v = (values[from + i] as number) >>> 0
      let at = start + (bit >>> 3)
      let shift = bit & 7
      let left = bits
      while (left > 0) {
        out[at] = (out[at] as number) | ((v << shift) & 0xff)
        const wrote = 8 - shift
        v = wrote >= 32 ? 0 : v >>> wrote
        left -= wrote
        shift = 0
        at++
      }
      bit += bits
    }
    this.length = start + size
  }

  /** Copies `src[from, to)` as they are. */
  bytesFrom(src: Uint8Array, from: number, to: number): void {
    this.reserve(to - from)
    this.buf.set(src.subarray(from, to), this.length)
    this.length += to - from
  }

  /** The bytes written (a copy, in memory outside the JavaScript heap: see `pooledBytes`). */
  bytes(): Uint8Array {
    const out = pooledBytes(this.length)
    out.set(this.buf.subarray(0, this.length))
    return out
  }

  /** Forgets what was written, keeping the memory: one writer serves many terms. */
  reset(): void {
    this.length = 0
  }
}

/**
 * `n` bytes (uninitialized) taken from Node's buffer pool, 8-byte aligned. A small typed array
 * made with `new` lives on the JavaScript heap, and the first look at its `buffer` (a view of it,
 * a blob for SQLite) moves it out, at a cost per array: a segment's thousands of small postings
 * are made outside from the start.
 */
export function pooledBytes(n: number): Uint8Array {
  const b = Buffer.allocUnsafe(n)
  return new Uint8Array(b.buffer, b.byteOffset, n)
}

/** `n` int32s (uninitialized), as `pooledBytes`. */
export function pooledInt32s(n: number): Int32Array {
  const b = Buffer.allocUnsafe(4 * n)
  return b.byteOffset % 4 === 0 ? new Int32Array(b.buffer, b.byteOffset, n) : new Int32Array(n)
}

/** Reads a varint at `at`: the value in `out[0]`, returns the offset after it. */
export function readVarint(src: Uint8Array, at: number, out: Int32Array | Uint32Array | number[]): number {
  let v = 0
  let shift = 0
  let b: number
  do {
    b = src[at++] as number
    v += (b & 0x7f) * 2 ** shift
    shift += 7
  } while (b & 0x80)
  out[0] = v
  return at
}

/**
 * Unpacks `n` values written by `ByteWriter.packed` at `at` (its width byte first) into `out`;
 * returns the offset after them.
 */
export function readPacked(src: Uint8Array, at: number, n: number, out: Int32Array | Uint32Array): number {
  const bits = src[at] as number
  const start = at + 1
  if (bits === 0) {
    out.fill(0, 0, n)
    return start
  }
  const mask = bits === 32 ? 0xffffffff : (1 << bits) - 1
  if (bits <= 24) {
    // Byte by byte into an accumulator that never holds more than 31 bits: no read past the frame.
    let acc = 0
    let held = 0
    let p = start
    for (let i = 0; i < n; i++) {
      while (held < bits) {
        acc |= (src[p++] as number) << held
        held += 8
      }
      out[i] = acc & mask
      acc >>>= bits
      held -= bits
    }
    return start + packedBytes(n, bits)
  }
  let bit = 0
  for (let i = 0; i < n; i++) {
    const p = start + (bit >>> 3)
    const shift = bit & 7
    // Up to five bytes hold the value; read four, and the fifth when the value runs into it.
    let v = ((src[p] as number) | ((src[p + 1] ?? 0) << 8) | ((src[p + 2] ?? 0) << 16) | ((src[p + 3] ?? 0) << 24)) >>> shift
    if (shift + bits > 32) v |= (src[p + 4] ?? 0) << (32 - shift)
    out[i] = (v & mask) >>> 0
    bit += bits
  }
  return start + packedBytes(n, bits)
}

/**
 * Writes `n` ascending document ids from `docs[from]` as gaps, the first from `base` (the last
 * id of the previous block, or -1 before the first), packed in one frame.
 */
export function writeGaps(w: ByteWriter, docs: ArrayLike<number>, n: number, base: number, from = 0): void {
  const gaps = new Uint32Array(n)
  let prev = base
  let max = 0
  for (let i = 0; i < n; i++) {
    const d = docs[from + i] as number
    const gap = d - prev - 1
    if (gap < 0) throw new RangeError(`document ids must ascend: ${d} after ${prev}`)
    gaps[i] = gap
    if (gap > max) max = gap
    prev = d
  }
  w.packed(gaps, 0, n, bitsFor(max))
}

/** Reads `n` ids written by `writeGaps` into `out` (from `base`); returns the offset after them. */
export function readGaps(src: Uint8Array, at: number, n: number, base: number, out: Int32Array): number {
  const next = readPacked(src, at, n, out)
  let prev = base
  for (let i = 0; i < n; i++) {
    prev = prev + (out[i] as number) + 1
    out[i] = prev
  }
  return next
}
