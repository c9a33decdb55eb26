/**
 * File fuzz over every ingest source (issue 22, item 3): mutated copies of each source's real files
 * — a line over the limit, a field over it, a compression bomb, JSON nested past the limit where
 * JSON, XML entities where XML, another encoding, seeded truncations and byte flips — are refused as
 * a `LegisearchError` 400 naming the file (and the line where the rule has one), with nothing of the
 * call written; a flip or a cut that leaves a valid file may be ingested, but nothing else may
 * escape. One bomb through the CLI: exit 2, the file named.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { INGEST_LIMITS } from '../../packages/legisearch/src/ingest/limits.js'
import { LegisearchError, type Snapshot } from 'legisearch'
import { tempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES, type SourceCase } from './cases.js'
import { cliArgs } from '../helpers/cli.js'

/** A seeded generator (mulberry32): the same cases on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The case's smallest file that is not an archive (the one mutated: a refusal is quick to reach). */
function baseOf(c: SourceCase): string {
  const plain = c.files.filter((f) => !/\.(zip|gz)$/.test(f))
  return [...plain].sort((a, b) => statSync(a).size - statSync(b).size)[0] as string
}

const isJson = (text: string) => /^\s*(export\s+const\s+\w+\s*=\s*)?[[{]/.test(text)
const isXml = (text: string) => /^\uFEFF?\s*</.test(text)

/** The bytes after the first line break (a mutation there is read early, past the kind's header). */
const afterFirstLine = (b: Buffer) => b.indexOf(0x0a) + 1

/** 120 MB of NULs as one gzip member (~120 kB): appended to a file's gzip it makes a bomb of it. */
const NULS_GZ = gzipSync(Buffer.alloc(120_000_000), { level: 9 })

type Mutation = readonly [label: string, make: (b: Buffer) => Buffer, expected: RegExp | null]

/** The mutations of one file: each refused with `expected` (null: any refusal naming the file, or a valid ingest). */
function mutations(c: SourceCase, bytes: Buffer): Mutation[] {
  const text = bytes.toString('utf8')
  const rnd = random([...c.label].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7))
  const at = afterFirstLine(bytes)
  const insert = (b: Buffer, where: number, what: string | Buffer) =>
    Buffer.concat([b.subarray(0, where), Buffer.from(what), b.subarray(where)])
  const out: Mutation[] = [
    [
      'a line over the limit',
      // Before the last line (past the header or root a file's kind is told by).
      (b) => insert(b, b.lastIndexOf('\n', b.length - 2) + 1, `${'x'.repeat(INGEST_LIMITS.lineBytes + 1)}\n`),
      // JSON has no line limit (one-line API answers): refused as not JSON there.
      isJson(text)
        ? null
        : /, line \d+: (is longer than 10000000 bytes|has a record longer than 5000000 characters|holds a text longer than 5000000 characters)/,
    ],
    ['not UTF-8 (Latin-1 bytes)', (b) => insert(b, at, Buffer.from([0x53, 0xe3, 0x6f, 0x20])), /UTF-8/],
    ...[1, 2].map((k): Mutation => {
      const cut = Math.floor(rnd() * bytes.length)
      return [`truncated at byte ${cut} (#${k})`, (b) => b.subarray(0, cut), null]
    }),
    ...[1, 2].map((k): Mutation => {
      const flips = Array.from({ length: 8 }, () => [Math.floor(rnd() * bytes.length), 1 + Math.floor(rnd() * 255)] as const)
      return [
        `8 bytes flipped (#${k})`,
        (b) => {
          const copy = Buffer.from(b)
          for (const [i, x] of flips) copy[i] = (copy[i] as number) ^ x
          return copy
        },
        null,
      ]
    }),
  ]
  if (isJson(text)) {
    const last = bytes.lastIndexOf('}')
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
    out.push(
      ['JSON nested 10,000 deep', (b) => insert(b, last, `,"fuzz":${deep}`), /, line \d+: nests arrays and objects more than 64 deep/],
      [
        'a JSON string over the limit',
        (b) => insert(b, last, `,"fuzz":"${'y'.repeat(INGEST_LIMITS.fieldBytes + 1)}"`),
        /, line \d+: has a JSON string longer than 5000000 bytes/,
      ],
    )
  } else if (isXml(text)) {
    out.push([
      'an external XML entity',
      (b) => {
        const decl = b.indexOf('?>')
        return insert(b, decl === -1 ? 0 : decl + 2, '\n<!DOCTYPE x [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n')
      },
      null,
    ])
  } else {
    // CSV: a quoted field of short lines (no line is over the limit, the field is).
    const delimiter = c.source === 'camara' ? ';' : ','
    const fields = (text.split('\n', 1)[0] as string).split(delimiter).length
    const big = `"${'z'
      .repeat(99)
      .concat('\n')
      .repeat(INGEST_LIMITS.fieldBytes / 100 + 1)}"`
    out.push([
      'a CSV field over the limit',
      (b) => insert(b, at, `${[big, ...Array.from({ length: fields - 1 }, () => '""')].join(delimiter)}\n`),
      /, line \d+: has a record longer than 5000000 characters/,
    ])
  }
  return out
}

/** What an ingest could change, as one comparable value. */
const stateOf = (snap: Snapshot) => JSON.stringify(snap.counts())

describe.each(CASES)('fuzz: $label', (c) => {
  it('mutated copies of a real file: refused (400, the file named) with nothing written, or ingested; never another error', async () => {
    const base = baseOf(c)
    const bytes = readFileSync(base)
    const dir = tempDir()
    const snap = tempSnapshot()
    const all: Mutation[] = [
      ...mutations(c, bytes),
      ['a compression bomb (gzip, 120 MB of NULs)', (b) => Buffer.concat([gzipSync(b), NULS_GZ]), /: unpacks to more than 100 times/],
    ]
    for (const [label, make, expected] of all) {
      const gz = label.startsWith('a compression bomb')
      const file = join(dir, `${label.replace(/\W+/g, '-')}-${basename(base)}${gz ? '.gz' : ''}`)
      writeFileSync(file, make(bytes))
      const before = stateOf(snap)
      let error: unknown = null
      try {
        await snap.ingest(c.source, [file])
      } catch (e) {
        error = e
      }
      if (error === null) {
        expect(expected, `${label}: ingested, but it must be refused`).toBeNull()
        continue
      }
      expect(error, `${label}: ${String(error)}`).toBeInstanceOf(LegisearchError)
      const e = error as LegisearchError
      expect([e.status, e.code], `${label}: ${e.message}`).toEqual([400, 'invalid_parameters'])
      expect(e.message.startsWith(`${file}`), `${label}: ${e.message}`).toBe(true)
      if (expected) expect(e.message, label).toMatch(expected)
      expect(e.message, label).toMatch(/nothing of this call was written$/)
      expect(stateOf(snap), `${label}: nothing written`).toBe(before)
    }
    expect(snap.checkIntegrity().ok).toBe(true)
  }, 30_000)
})

const csv = CASES.find((c) => c.label === 'camara (CSV)')

describe('fuzz: a compression bomb through the CLI', () => {
  it('is refused in seconds with exit 2, the file and the ratio named, nothing written', () => {
    const dir = tempDir()
    const base = baseOf(csv as SourceCase)
    const file = join(dir, `${basename(base, extname(base))}.csv.gz`)
    writeFileSync(file, Buffer.concat([gzipSync(readFileSync(base)), NULS_GZ]))
    const db = join(dir, 's.db')
    const started = Date.now()
    const r = spawnSync(process.execPath, cliArgs('ingest', '--snapshot', db, 'camara', file), { encoding: 'utf8' })
    expect(r.status, r.stderr).toBe(2)
    expect(r.stderr).toContain(`${file}: unpacks to more than 100 times`)
    expect(r.stderr).toMatch(/compression bomb; refused; nothing of this call was written/)
    expect(Date.now() - started).toBeLessThan(20_000)
    const counts = spawnSync(process.execPath, cliArgs('counts', '--snapshot', db, '--json'), { encoding: 'utf8' })
    if (counts.status === 0) expect(Object.values(JSON.parse(counts.stdout) as Record<string, number>).every((n) => n === 0)).toBe(true)
  }, 30_000)
})
