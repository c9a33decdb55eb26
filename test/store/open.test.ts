import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { withTextIndex } from '../helpers/text-index.js'
import { tempDir, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { cliArgs } from '../helpers/cli.js'

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

  it('LEGISEARCH_TEXT_INDEX names an implementation, or the file is not touched', () => {
    const missing = tempSnapshotPath('env.db')
    const error = withTextIndex('lucene', () => errorOf(() => openSnapshot(missing)))
    expect(error.message).toMatch(/LEGISEARCH_TEXT_INDEX: "lucene" names no text index; use one of blocks, fts5/)
    expect(existsSync(missing)).toBe(false)
  })
})

describe('a snapshot written by an earlier version (its text index in FTS5)', () => {
  const tables = (file: string) => {
    const db = new Database(file, { readonly: true })
    try {
      return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]).filter(
        (t) => t.startsWith('fts_') || t.startsWith('block_'),
      )
    } finally {
      db.close()
    }
  }
  const notices = Array.from({ length: 18 }, (_, i) => ({
    id: `n${i}`,
    title: `Reforma ${i % 3 === 0 ? 'tributária' : 'administrativa'} número ${i}`,
    description: i % 2 === 0 ? 'orçamento da saúde' : 'Tributária, saúde e educação',
    date: `2024-03-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00-03:00`,
  }))
  const queries = [
    { q: 'reforma', limit: 20 },
    { q: 'tributária -saúde', limit: 20 },
    { q: '"reforma administrativa"', sort: 'newest', limit: 20 },
    { q: 'Tributária', modes: 'sensitive', limit: 20 },
  ] as const
  /** A file written with `index`, holding the notices: its answers to the queries. */
  const written = (file: string, index: 'fts5' | 'blocks') =>
    withTextIndex(index, () => {
      const s = openSnapshot(file)
      try {
        s.upsert('notices', notices)
        return queries.map((q) => s.searchNotices(q))
      } finally {
        s.close()
      }
    })

  it('is refused read-only with how to upgrade it, and upgraded by a writable open: same answers, one index left', () => {
    const file = tempSnapshotPath('fts5.db')
    const before = written(file, 'fts5')
    expect(tables(file).every((t) => t.startsWith('fts_'))).toBe(true)
    const original = sha(file)
    expect(errorOf(() => openSnapshot(file, { readonly: true })).message).toMatch(
      /lacks the text index of .*notices.*; open it once without readonly to index its records \(legisearch upgrade --snapshot .*\), or rebuild it/,
    )
    expect(sha(file)).toBe(original)
    const s = openSnapshot(file)
    try {
      expect(tables(file).some((t) => t.startsWith('fts_'))).toBe(false)
      expect(tables(file)).toContain('block_segments')
      expect(s.checkIntegrity()).toEqual({ ok: true, problems: [] })
      // Relevance is the new index's own; what matched and in which order of dates and ids is not.
      const strip = (r: { results: { id: string }[]; pagination: unknown }, q: object) => ({
        ids: 'sort' in q ? r.results.map((x) => x.id) : r.results.map((x) => x.id).sort(),
        pagination: r.pagination,
      })
      expect(queries.map((q) => strip(s.searchNotices(q), q))).toEqual(before.map((r, i) => strip(r, queries[i] as object)))
    } finally {
      s.close()
    }
    // Reopened read-only now, it answers.
    const r = openSnapshot(file, { readonly: true })
    try {
      expect(r.searchNotices({ q: 'reforma' }).pagination.total).toBe(18)
    } finally {
      r.close()
    }
  })

  it('with one corpus in an earlier layout: only that corpus is indexed again, the others keep their segments', () => {
    const file = tempSnapshotPath('one-layout.db')
    const before = written(file, 'blocks')
    withTextIndex('blocks', () => {
      const s = openSnapshot(file)
      s.upsert('bacen', [{ id: 'b1', title: 'Resolução CMN N° 5.207', type: 'Resolução CMN', date: '2025-04-30T18:22:00-03:00' }])
      s.close()
    })
    const segments = (corpus: string) => {
      const db = new Database(file, { readonly: true })
      try {
        return db.prepare('SELECT id FROM block_segments WHERE space LIKE ? ORDER BY id').pluck().all(`${corpus}:%`) as number[]
      } finally {
        db.close()
      }
    }
    const db = new Database(file)
    db.prepare("UPDATE block_layouts SET layout = replace(layout, 'citation', 'ident') WHERE name = 'bacen'").run()
    db.close()
    const notices = segments('notices')
    const bacen = segments('bacen')
    withTextIndex('blocks', () => {
      const s = openSnapshot(file)
      try {
        expect(s.checkIntegrity()).toEqual({ ok: true, problems: [] })
        expect(queries.map((q) => s.searchNotices(q))).toEqual(before)
        expect(s.searchBacen({ q: 'Resolução CMN 5207/2025' }).results.map((r) => r.id)).toEqual(['b1'])
      } finally {
        s.close()
      }
    })
    expect(segments('notices')).toEqual(notices)
    expect(segments('bacen').every((id) => !bacen.includes(id))).toBe(true)
  })

  it('`legisearch upgrade` brings a file of an earlier layout up to date for read-only opens; a missing file is refused and not created', () => {
    const file = tempSnapshotPath('upgrade-cli.db')
    const before = written(file, 'blocks')
    const db = new Database(file)
    db.prepare("UPDATE block_layouts SET layout = replace(layout, '\"v\":3', '\"v\":2') WHERE name = 'notices'").run()
    db.close()
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, cliArgs(...args), {
        encoding: 'utf8',
        env: { ...process.env, LEGISEARCH_SNAPSHOT: '', LEGISEARCH_TEXT_INDEX: 'blocks' },
      })
    const refused = cli('search', 'notices', '--q', 'reforma', '--snapshot', file)
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringMatching(/legisearch upgrade --snapshot /)])
    const up = cli('upgrade', '--snapshot', file)
    expect([up.status, up.stdout]).toEqual([0, expect.stringMatching(/: up to date \(\d+\.\d s\)/)])
    const r = openSnapshot(file, { readonly: true })
    try {
      expect(queries.map((q) => r.searchNotices(q))).toEqual(before)
    } finally {
      r.close()
    }
    const missing = join(dirname(file), 'no-such.db')
    const none = cli('upgrade', '--snapshot', missing)
    expect([none.status, none.stderr]).toEqual([2, expect.stringMatching(/--snapshot: no file at .*no-such\.db/)])
    expect(existsSync(missing)).toBe(false)
  })

  it('with the block index in an earlier layout: refused read-only, indexed again by a writable open, same answers', () => {
    const file = tempSnapshotPath('blocks-v2.db')
    const before = written(file, 'blocks')
    // As an earlier version wrote it: its layouts say so (and its segments would be read wrongly).
    const db = new Database(file)
    const older = (db.prepare('SELECT layout FROM block_layouts').pluck().all() as string[]).map((l) => l.replace(/"v":\d+/, '"v":2'))
    db.prepare("UPDATE block_layouts SET layout = replace(layout, substr(layout, 1, instr(layout, ',')), '{\"v\":2,')").run()
    db.prepare("UPDATE block_terms SET meta = x'00'").run()
    db.close()
    expect(new Database(file, { readonly: true }).prepare('SELECT layout FROM block_layouts').pluck().all()).toEqual(older)
    const original = sha(file)
    expect(withTextIndex('blocks', () => errorOf(() => openSnapshot(file, { readonly: true })).message)).toMatch(
      /holds the text index of .*notices.* in the layout of an earlier version; open it once without readonly to index its records again \(legisearch upgrade --snapshot .*\), or rebuild it/,
    )
    expect(sha(file)).toBe(original)
    withTextIndex('blocks', () => {
      const s = openSnapshot(file)
      try {
        expect(s.checkIntegrity()).toEqual({ ok: true, problems: [] })
        expect(queries.map((q) => s.searchNotices(q))).toEqual(before)
      } finally {
        s.close()
      }
      const r = openSnapshot(file, { readonly: true })
      try {
        expect(queries.map((q) => r.searchNotices(q))).toEqual(before)
      } finally {
        r.close()
      }
    })
  })
})
