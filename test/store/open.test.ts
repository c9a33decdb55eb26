import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from '../../src/index.js'
import { errorOf } from '../helpers/errors.js'
import { tempDir, tempSnapshotPath } from '../helpers/tmp-snapshot.js'

const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex')

describe('openSnapshot', () => {
  it('creates a missing file and reopens it with its records', () => {
    const path = tempSnapshotPath('new.db')
    const a = openSnapshot(path)
    a.upsert('bacen', [{ id: 'b1', title: 'Resolução BCB nº 1', date: '2024-01-02' }])
    a.close()
    const b = openSnapshot(path, { readonly: true })
    expect(b.searchBacen({ q: 'resolução' }).results.map((r) => r.id)).toEqual(['b1'])
    b.close()
  })

  it('refuses a file that is not SQLite, leaving it byte for byte as it was', () => {
    const path = tempSnapshotPath('notes.txt')
    writeFileSync(path, 'these are my notes, not a database\n'.repeat(200))
    const before = sha(path)
    const e = errorOf(() => openSnapshot(path))
    expect(e.status).toBe(400)
    expect(e.code).toBe('invalid_parameters')
    expect(e.message).toMatch(/not a legisearch snapshot/)
    expect(sha(path)).toBe(before)
  })

  it('refuses another application’s SQLite database without touching it', () => {
    const path = tempSnapshotPath('other.db')
    const other = new Database(path)
    other.exec("CREATE TABLE t (x); INSERT INTO t VALUES ('keep me')")
    other.close()
    const before = sha(path)
    expect(errorOf(() => openSnapshot(path)).message).toMatch(/SQLite database but not a legisearch snapshot/)
    expect(sha(path)).toBe(before)
  })

  it('refuses a snapshot written by a newer schema', () => {
    const path = tempSnapshotPath('future.db')
    openSnapshot(path).close()
    const raw = new Database(path)
    raw.pragma('user_version = 999')
    raw.close()
    expect(errorOf(() => openSnapshot(path)).message).toMatch(/newer legisearch \(schema 999/)
  })

  it('refuses a file whose schema version claims a table it lacks (a development build’s file), in both modes', () => {
    const path = tempSnapshotPath('dev.db')
    openSnapshot(path).close()
    const raw = new Database(path)
    raw.exec('DROP TABLE records')
    raw.close()
    for (const options of [{}, { readonly: true }]) {
      const e = errorOf(() => openSnapshot(path, options))
      expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
      expect(e.message).toMatch(/lacks the table\(s\) records .*rebuild the snapshot/)
    }
  })

  it('readonly: a missing file is not_found, and every write is refused', () => {
    const d = tempDir()
    expect(errorOf(() => openSnapshot(join(d, 'missing.db'), { readonly: true })).code).toBe('not_found')
    const path = join(d, 'ro.db')
    openSnapshot(path).close()
    const ro = openSnapshot(path, { readonly: true })
    const e = errorOf(() => ro.upsert('irs', [{ id: 'i1', number: 1, date: '2024-01-01' }]))
    expect([e.status, e.code]).toEqual([403, 'forbidden'])
    expect(errorOf(() => ro.createMonitor('c1', 'x')).code).toBe('forbidden')
    ro.close()
  })

  it('rejects a bad path and bad options with a clear message', () => {
    expect(errorOf(() => openSnapshot('')).message).toMatch(/path: must be a non-empty string/)
    expect(errorOf(() => openSnapshot(tempDir())).message).toMatch(/is a directory/)
    expect(errorOf(() => openSnapshot(tempSnapshotPath('x.db'), { readonly: 'yes' as unknown as boolean })).message).toMatch(
      /options.readonly: must be a boolean/,
    )
    // A misspelt option must not open the file writable (or create it) behind the caller's back.
    const missing = tempSnapshotPath('typo.db')
    expect(errorOf(() => openSnapshot(missing, { readOnly: true } as unknown as { readonly: boolean })).message).toMatch(
      /options: unknown option "readOnly"; allowed: readonly/,
    )
    expect(existsSync(missing)).toBe(false)
  })
})
