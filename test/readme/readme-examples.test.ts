/**
 * The README's TypeScript examples are what users copy: every ```ts block of README.md is
 * type-checked (one `tsc` run over all of them: strict, exactOptionalPropertyTypes,
 * noUncheckedIndexedAccess, `module: nodenext`, against the library the tests use) and every
 * runnable one is run (`node --import tsx`, one child process per block) against a copy of the
 * demo snapshot (scripts/demo-snapshot.ts, as `npm run demo` writes it). A block that cannot run
 * here says why in its info string (```ts not-runnable: <reason>, see test/readme/blocks.ts); it is
 * still type-checked.
 *
 * Each block is written, as `example.ts`, into a folder of its own holding the files a user would
 * have beside it (FILES below: the only setup the blocks get): `legisearch.db`, a copy of the demo
 * snapshot; `consolidated.xml`, the UN list of 2026-02-27; `legisearch-api.ts`, the client types
 * `npx openapi-typescript` writes (test/server/generated). The folders are under the git-ignored
 * test/fixtures/.build/, so `openapi-fetch`, `tsx` and Node's types resolve from the repository's
 * node_modules; `legisearch` is the sources (tsconfig `paths`) or, under `npm test`, the packed
 * package (a `node_modules/legisearch` link).
 */
import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { openSnapshot } from 'legisearch'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { FIXTURE_UN_LIST, writeDemoSnapshot } from '../../scripts/demo-snapshot.js'
import { fixture } from '../helpers/fixtures.js'
import { BUILD_ROOT, ROOT } from '../helpers/packages.js'
import { type CodeBlock, tsBlocks } from './blocks.js'

const README = join(ROOT, 'README.md')

/**
 * The files beside every block, by name: where each is copied from. The snapshot (the demo
 * snapshot, written in `beforeAll`) is copied just before its block runs and removed after.
 */
const FILES: Record<string, () => string> = {
  'consolidated.xml': () => fixture(FIXTURE_UN_LIST),
  'legisearch-api.ts': () => join(ROOT, 'test/server/generated/legisearch-api.ts'),
}
const SNAPSHOT = 'legisearch.db'

/**
 * What a block prints, where the README shows it: each line must be in the block (as its comment)
 * and in what the block printed. A pattern instead of a line is for output that depends on the
 * file (the README shows it on a new file, the test runs on the demo snapshot): one printed line
 * must match it. `block` picks the one block it is about.
 */
const PRINTS: readonly { readonly block: RegExp; readonly lines: readonly (string | RegExp)[] }[] = [
  {
    block: /snap\.searchDou\(\{\}, \{ created_at: \{ to: '2024-01-01' \} \}\)/,
    lines: [
      /^PL 2630\/2020 \d+$/,
      `400 invalid_date_range created_at: 'to' was given without 'from'; send both (only 'from' means up to today)`,
    ],
  },
  { block: /snap\.checkAlerts\('acme', m\.id\)/, lines: [`[ 'propositions/pec-45-2019' ]`, '[]'] },
  { block: /snap\.screen\(\n/, lines: ['TAi.108 1 0'] },
  {
    block: /control\.abort\(\)/,
    lines: ['AbortError 0', 'file 1 of 1, 100 %, 1003 records (done)', '1003'],
  },
]

let work = ''
const blocks: readonly CodeBlock[] = tsBlocks(readFileSync(README, 'utf8'))
const folder = (b: CodeBlock) => join(work, `line-${b.line}`)

/** The compiler options a strict application would use. */
function tsconfig(packed: boolean): object {
  const compilerOptions = {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    ...(packed ? {} : { paths: { legisearch: [relative(work, join(ROOT, 'packages/legisearch/src/index.ts'))] } }),
  }
  return { compilerOptions, include: ['*/example.ts'] }
}

/** Runs `args` in `cwd`; resolves with its exit code and output. */
function run(args: readonly string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, LEGISEARCH_SNAPSHOT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe("the README's TypeScript examples", { timeout: 120_000 }, () => {
  /** The one `tsc` run over every block, started once the folders are written (it runs beside the blocks). */
  let compiled: ReturnType<typeof run> | undefined

  beforeAll(() => {
    mkdirSync(BUILD_ROOT, { recursive: true })
    work = mkdtempSync(join(BUILD_ROOT, 'readme-'))
    writeDemoSnapshot(openSnapshot, join(work, 'demo.db'))
    // Under `npm test` the packed library (inject('packedTarballs') is <run>/packed/tarballs).
    const tarballs = inject('packedTarballs')
    if (tarballs !== '') {
      mkdirSync(join(work, 'node_modules'))
      symlinkSync(join(dirname(tarballs), 'node_modules', 'legisearch'), join(work, 'node_modules', 'legisearch'))
    }
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'readme-examples', private: true, type: 'module' }))
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(tsconfig(tarballs !== '')))
    for (const b of blocks) {
      mkdirSync(folder(b))
      writeFileSync(join(folder(b), 'example.ts'), b.code)
      for (const [name, from] of Object.entries(FILES)) copyFileSync(from(), join(folder(b), name))
    }
    compiled = run([join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', work], work)
  }, 120_000)

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('README.md has its examples, each runnable or saying why not', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(9)
    for (const b of blocks) if (b.notRunnable !== undefined) expect(b.notRunnable, `line ${b.line}`).not.toBe('')
    for (const p of PRINTS) expect(blocks.filter((b) => p.block.test(b.code)).length, `one block matches ${p.block}`).toBe(1)
  })

  for (const b of blocks) {
    // A block that cannot run here is type-checked only (the compile test below), its reason checked above.
    if (b.notRunnable !== undefined) continue
    it(`the block at README.md:${b.line} runs`, async () => {
      const at = folder(b)
      copyFileSync(join(work, 'demo.db'), join(at, SNAPSHOT))
      const { code, stdout, stderr } = await run(['--import', 'tsx', 'example.ts'], at).finally(() => {
        for (const f of [SNAPSHOT, `${SNAPSHOT}-wal`, `${SNAPSHOT}-shm`]) rmSync(join(at, f), { force: true })
      })
      expect(stderr, `README.md:${b.line}: stderr`).toBe('')
      expect(code, `README.md:${b.line}: exit code`).toBe(0)
      for (const p of PRINTS.filter((x) => x.block.test(b.code))) {
        for (const line of p.lines) {
          if (line instanceof RegExp) {
            expect(
              stdout.split('\n').some((l) => line.test(l)),
              `README.md:${b.line} prints a line matching ${line}`,
            ).toBe(true)
            continue
          }
          expect(b.code, `README.md:${b.line} shows what it prints`).toContain(line)
          expect(stdout.split('\n'), `README.md:${b.line} prints`).toContain(line)
        }
      }
    })
  }

  it('every block compiles (tsc: strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, nodenext)', async () => {
    const tsc = await compiled
    if (!tsc) throw new Error('tsc was not started')
    // Errors name README.md's lines: `line-71/example.ts(3,5)` (the block at line 71, its 3rd line) → README.md:74:5.
    const errors = (tsc.stdout + tsc.stderr).replace(
      /\S*line-(\d+)\/example\.ts\((\d+),(\d+)\)/g,
      (_, at: string, l: string, column: string) => `README.md:${Number(at) + Number(l)}:${column}`,
    )
    expect(errors).toBe('')
    expect(tsc.code).toBe(0)
  })
})
