/**
 * What the tests import by name is what they mean to test: under `npm test` the packed packages'
 * builds (and the child processes' library too), under `npx vitest` the sources.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as library from 'legisearch'
import * as server from '@legisearch/server'
import { describe, expect, inject, it } from 'vitest'

describe('the packages the tests import', () => {
  const tarballs = inject('packedTarballs')

  it.runIf(tarballs !== '')('are the packed builds, for the tests and their child processes', async () => {
    const entry = process.env['LEGISEARCH_TEST_LIBRARY'] ?? ''
    expect(entry.startsWith(fileURLToPath(new URL('..', `file://${tarballs}/`)))).toBe(true)
    expect(existsSync(entry)).toBe(true)
    expect(((await import(entry)) as typeof library).openSnapshot).toBe(library.openSnapshot)
    const packedServer = fileURLToPath(new URL('../node_modules/@legisearch/server/dist/index.js', `file://${tarballs}/`))
    expect(((await import(packedServer)) as typeof server).createServer).toBe(server.createServer)
    expect(inject('cliBuild').startsWith(fileURLToPath(new URL('../node_modules/@legisearch/cli/', `file://${tarballs}/`)))).toBe(true)
  })

  it.runIf(tarballs === '')('are the sources', async () => {
    const source = new URL('../../packages/legisearch/src/index.ts', import.meta.url).pathname
    expect(((await import(source)) as typeof library).openSnapshot).toBe(library.openSnapshot)
  })
})
