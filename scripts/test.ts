// `npm test`: the typecheck, each lint step (package.json's `typecheck` and `lint` scripts, `lint`
// split at its `&&`) and `vitest run` at the same time rather than one after another: each check
// is one single-threaded process, and they fill the cores vitest's workers leave idle (on 2 cores
// the checks alone take about 90 s one after another), at a lower priority (nice 10) so that the
// tests, which have time limits, come first. vitest's output streams as it runs; each
// check's output is printed when it ends, with its time; the summary at the end names every step
// that failed, and the exit code is 1 when one did. Arguments are passed to vitest
// (`npm test -- test/cli`). vitest runs against the packages as `npm pack` makes them
// (`LEGISEARCH_TEST_PACKAGES=packed`); `npx vitest` alone runs against the sources.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { setPriority } from 'node:os'

interface Step {
  readonly name: string
  readonly command: string
  /** Whether its output streams as it comes (vitest) or is printed once it ends (the checks). */
  readonly live: boolean
  /** Environment variables of its own. */
  readonly env?: Record<string, string>
}

interface Outcome {
  readonly step: Step
  readonly code: number
  readonly seconds: number
}

const scripts = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> })
  .scripts

/** A script of package.json, which must exist. */
function script(name: string): string {
  const command = scripts[name]
  if (command === undefined) throw new Error(`package.json has no "${name}" script`)
  return command
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`

const STEPS: readonly Step[] = [
  // Against the packages as published: built, packed and unpacked first (test/helpers/packages.ts).
  {
    name: 'vitest',
    command: ['vitest run', ...process.argv.slice(2).map(quote)].join(' '),
    live: true,
    env: { LEGISEARCH_TEST_PACKAGES: 'packed' },
  },
  { name: 'typecheck', command: script('typecheck'), live: false },
  ...script('lint')
    .split('&&')
    .map((command) => command.trim())
    .map((command) => ({ name: command.split(' ')[0] as string, command, live: false })),
]

/** Runs one step in a shell (package.json's bin folder is on the PATH under npm). */
function run(step: Step): Promise<Outcome> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      env: { ...process.env, ...step.env },
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    // The checks yield the cores to vitest's workers (whose tests have time limits) and take the rest.
    if (!step.live && child.pid !== undefined) {
      try {
        setPriority(child.pid, 10)
      } catch {
        // Not allowed here: the check runs at the same priority.
      }
    }
    const output: Buffer[] = []
    child.stdout?.on('data', (d: Buffer) => output.push(d))
    child.stderr?.on('data', (d: Buffer) => output.push(d))
    child.on('close', (code, signal) => {
      const outcome = { step, code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 }
      if (!step.live) {
        const text = Buffer.concat(output).toString('utf8').trimEnd()
        process.stdout.write(
          `\n── ${step.name} (${step.command}): ${outcome.code === 0 ? 'ok' : `FAILED, exit ${outcome.code}`}, ${outcome.seconds.toFixed(1)} s\n`,
        )
        if (text) process.stdout.write(`${text}\n`)
      }
      resolve(outcome)
    })
  })
}

const outcomes = await Promise.all(STEPS.map(run))
process.stdout.write('\n── npm test\n')
for (const o of outcomes)
  process.stdout.write(`${o.code === 0 ? 'ok    ' : 'FAILED'} ${o.step.name.padEnd(10)} ${o.seconds.toFixed(1).padStart(6)} s\n`)
process.exitCode = outcomes.every((o) => o.code === 0) ? 0 : 1
