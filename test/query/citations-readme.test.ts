/**
 * The README's citation table is tested as written: in each row, the examples are one citation
 * written several ways, so each, typed in `q`, finds a text that writes any other (unless the
 * typed one names a year the other does not write: a year typed must be there).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { allNoticeIds, notice } from './support.js'

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const table = README.slice(README.indexOf('### Citations in `q`'))
const rows = table
  .split('\n')
  .filter((l) => l.startsWith('| ') && !l.startsWith('| Type') && !l.startsWith('|---'))
  .slice(0, 40)
  .map((l) => l.split('|').map((c) => c.trim()))
  .map((cells) => ({ type: cells[1] as string, examples: [...(cells[4] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string) }))
  .filter((r) => r.examples.length > 0)

const hasYear = (s: string) => /\/\d{2,4}$/.test(s)
const texts = rows.flatMap((r, i) => r.examples.map((e, k) => ({ id: `r${i}e${k}`, row: i, example: e })))
const s = sharedSnapshot((fresh) => {
  fresh.upsert(
    'notices',
    texts.map((t) => notice(t.id, `Texto que cita ${t.example} em debate`)),
  )
})

describe('the README citation table, as written', () => {
  it('has a row of examples for every kind it documents', () => {
    expect(rows.length).toBeGreaterThanOrEqual(14)
  })

  it.each(texts.map((t) => [t.example, rows[t.row]?.type ?? '', t.row] as const))(
    '%j (%s) finds every other writing of its row',
    (q, _type, row) => {
      const found = new Set(allNoticeIds(s(), { q }))
      const others = texts.filter((t) => t.row === row && (!hasYear(q) || hasYear(t.example)))
      for (const o of others) expect(found, `${q} should find the text writing ${o.example}`).toContain(o.id)
    },
  )
})
