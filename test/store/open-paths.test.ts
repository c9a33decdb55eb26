/**
 * Paths a caller may give that are not a snapshot's place: a folder that does not exist, a file
 * where a folder should be, a name too long for the system. Each is a `LegisearchError` naming the
 * path and what is wrong, never the driver's bare error (a missing folder was a `TypeError`).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { tempDir } from '../helpers/tmp-snapshot.js'

describe('where a new snapshot cannot be made', () => {
  it('a folder that does not exist: 404 naming the folder', () => {
    const folder = join(tempDir(), 'missing')
    const e = errorOf(() => openSnapshot(join(folder, 'snap.db')))
    expect([e.status, e.code]).toEqual([404, 'not_found'])
    expect(e.message).toBe(`path: the folder ${folder} does not exist; make it first, or name a file in a folder that does`)
  })

  it('a file where the folder should be: 400', () => {
    const file = join(tempDir(), 'plain')
    writeFileSync(file, 'x')
    const e = errorOf(() => openSnapshot(join(file, 'snap.db')))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toMatch(/plain/)
  })

  it('a name longer than the system allows: 400 saying so', () => {
    const e = errorOf(() => openSnapshot(join(tempDir(), `${'a'.repeat(300)}.db`)))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toMatch(/too long a name/)
    expect(e.message.length).toBeLessThan(500)
  })
})
