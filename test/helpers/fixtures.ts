/**
 * The public official files the tests read, kept in the repository under `test/fixtures/<source>/`
 * (see each folder's PROVENANCE.md). Large text files are stored brotli-compressed (`<name>.br`)
 * and unpacked once into the git-ignored `test/fixtures/.unpacked/`; the others are read in place.
 * Works without vitest (scripts/demo.ts and bench/ use it); `unpackAllFixtures` runs once as the
 * vitest global setup so the test workers find everything unpacked.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync } from 'node:zlib'

/** The fixtures folder, `test/fixtures/`. */
export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url))
/** The unpacked size of each `.br` fixture, by its path without `.br` (written by scripts/pack-fixtures.ts). */
export const FIXTURE_SIZES = join(FIXTURES_DIR, 'sizes.json')
/** Where the `.br` fixtures are unpacked (git-ignored). */
const UNPACKED_DIR = join(FIXTURES_DIR, '.unpacked')

let sizes: Record<string, number> | undefined
/** The unpacked size of each `.br` fixture (read once). */
const packedSizes = (): Record<string, number> => (sizes ??= JSON.parse(readFileSync(FIXTURE_SIZES, 'utf8')) as Record<string, number>)

/** Writes `bytes` to `path` by a temporary name in the same folder then a rename (safe when workers race). */
function writeAtomically(path: string, bytes: Buffer): void {
  mkdirSync(dirname(path), { recursive: true })
  const temp = `${path}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`
  try {
    writeFileSync(temp, bytes)
    renameSync(temp, path)
  } finally {
    rmSync(temp, { force: true })
  }
}

/**
 * The absolute path of a fixture as a plain file: `rel` is its path under test/fixtures (e.g.
 * `un_sc/UN_consolidated_2026-02-27.xml`); a `.br` fixture is unpacked first (once: skipped when
 * the unpacked copy has the right size and is newer than the `.br` file).
 * @example readFileSync(fixture('camara/proposicoes-2023.csv'), 'utf8')
 */
export function fixture(rel: string): string {
  const plain = join(FIXTURES_DIR, rel)
  if (existsSync(plain)) return plain
  const packed = `${plain}.br`
  if (!existsSync(packed)) throw new Error(`fixture ${rel}: neither ${plain} nor ${packed} exists`)
  const out = join(UNPACKED_DIR, rel)
  const size = packedSizes()[rel]
  if (size === undefined) throw new Error(`fixture ${rel}: its unpacked size is not in ${FIXTURE_SIZES}`)
  if (existsSync(out)) {
    const s = statSync(out)
    if (s.size === size && s.mtimeMs >= statSync(packed).mtimeMs) return out
  }
  const bytes = brotliDecompressSync(readFileSync(packed))
  if (bytes.length !== size) throw new Error(`fixture ${rel}: unpacked to ${bytes.length} bytes, ${FIXTURE_SIZES} says ${size}`)
  writeAtomically(out, bytes)
  return out
}

/** The fixtures under `dir` (a folder of test/fixtures), as their paths under test/fixtures without `.br`. */
function fixturesUnder(dir: string): string[] {
  return readdirSync(join(FIXTURES_DIR, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(FIXTURES_DIR, join(e.parentPath, e.name)).replace(/\.br$/, ''))
}

/**
 * The absolute path of a folder holding every fixture of `dir` (e.g. `un_sc`) as a plain file: the
 * folder in test/fixtures when nothing in it is packed, else its unpacked copy (the plain files
 * copied beside the unpacked ones).
 * @example readdirSync(fixtureDir('un_sc')).filter((f) => f.endsWith('.xml'))
 */
export function fixtureDir(dir: string): string {
  const files = fixturesUnder(dir)
  const packed = files.filter((rel) => !existsSync(join(FIXTURES_DIR, rel)))
  if (packed.length === 0) return join(FIXTURES_DIR, dir)
  for (const rel of files) {
    const path = fixture(rel)
    const copy = join(UNPACKED_DIR, rel)
    if (path !== copy && !(existsSync(copy) && statSync(copy).size === statSync(path).size)) writeAtomically(copy, readFileSync(path))
  }
  return join(UNPACKED_DIR, dir)
}

/**
 * Unpacks every `.br` fixture (the vitest global setup: once, before the workers start).
 * @example unpackAllFixtures()
 */
export function unpackAllFixtures(): void {
  for (const rel of Object.keys(packedSizes())) fixture(rel)
}

/** The vitest global setup (vitest.config.ts). */
export default function setup(): void {
  unpackAllFixtures()
}
