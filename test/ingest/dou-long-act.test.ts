/**
 * A DOU act whose joined text is over what a record's field holds (`RECORD_LIMITS.fieldChars`):
 * INLabs splits a long act into parts, and one such act must not refuse a day's ingest. It is left
 * out and reported in `skipped` (naming the act and its size); the day's other acts are written.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RECORD_LIMITS } from '../../packages/legisearch/src/common/json-value.js'
import { tempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'

/** One INLabs part of act `materia` (its article `id`), whose text is `text`. */
const part = (id: number, materia: number, text: string, heading: string) =>
  `<xml><article id="${id}" idMateria="${materia}" pubName="DO3" pubDate="23/05/2023" artType="Edital" artCategory="Ministério X" numberPage="1" editionNumber="97"><body><Identifica><![CDATA[${heading}]]></Identifica><Ementa /><Titulo /><SubTitulo /><Texto><![CDATA[<p>${text}</p>]]></Texto></body></article></xml>\n`

describe('a DOU act longer than a field holds', () => {
  it('is left out and reported; the other acts of the day are written', async () => {
    const dir = tempDir()
    // Two parts of ~2.6 million characters each: each within the ingest limits, the act over the field's.
    const half = 'nome '.repeat(Math.ceil((RECORD_LIMITS.fieldChars / 2 + 100_000) / 5))
    writeFileSync(join(dir, '530_20230523_1.xml'), part(1, 77, half, 'EDITAL Nº 1, DE 2023 - RESULTADO FINAL'))
    writeFileSync(join(dir, '530_20230523_2.xml'), part(2, 77, half, ''))
    writeFileSync(join(dir, '530_20230523_3.xml'), part(3, 78, 'Extrato de contrato.', 'EXTRATO DE CONTRATO Nº 5/2023'))
    const snap = tempSnapshot()
    const report = await snap.ingest(
      'dou',
      [1, 2, 3].map((n) => join(dir, `530_20230523_${n}.xml`)),
    )
    expect(report.collections.dou).toEqual({ inserted: 1, updated: 0, unchanged: 0 })
    expect(report.skipped).toHaveLength(1)
    expect(report.skipped[0]?.why).toMatch(/^act dou-77: its text is 5,\d{3},\d{3} characters, over the 5,000,000 a field holds; left out$/)
    expect(snap.searchDou({ q: 'extrato' }).results.map((r) => r.id)).toEqual(['dou-78'])
  })
})
