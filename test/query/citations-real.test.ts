/**
 * Citations as analysts write them, on the real files: each row is a citation taken from a stored
 * document (a post, a news item, a DOU act, a BCB or Receita norm) as the file writes it, and the
 * way an analyst would type it instead (another spelling, sign, year form or type name); the typed
 * form must find the document. Rows marked `first` cite the document itself, which must come first.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CorpusName, type Snapshot, openSnapshot } from 'legisearch'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'
import { CASES } from '../ingest/cases.js'

type Row = readonly [corpus: CorpusName, id: string, written: string, typed: string, first?: 'first']

const ROWS: readonly Row[] = [
  // Posts of parliamentarians (social)
  ['social', 'social-twitter-1242071831110201356', 'MP 927/2020', 'Medida Provisória 927/20'],
  ['social', 'social-twitter-1242072005798694919', 'MP 927/20', 'MPV 927/2020'],
  ['social', 'social-twitter-1242032567194456073', 'mpv927', 'MP 927'],
  ['social', 'social-twitter-1161346540964917248', 'MP 881', 'Medida Provisória nº 881'],
  ['social', 'social-twitter-1131231340127559682', 'PEC 45', 'Proposta de Emenda à Constituição 45'],
  ['social', 'social-twitter-1106319786970107904', 'PEC 15/15', 'PEC 15/2015'],
  ['social', 'social-twitter-1115264283795791872', 'PEC 333/17', 'PEC nº 333/2017'],
  ['social', 'social-twitter-1224424597669523457', 'PLP 232/2019', 'PLP 232/19'],
  ['social', 'social-twitter-1236032867718893569', 'PLP 133/19', 'Projeto de Lei Complementar 133/2019'],
  ['social', 'social-twitter-1252990936386338819', 'PLP34', 'PLP 34'],
  ['social', 'social-twitter-1240295600589070336', 'PDL 87/2020', 'Projeto de Decreto Legislativo 87/20'],
  ['social', 'social-twitter-1240068969555517440', 'PDL 87/20', 'PDL 87/2020'],
  ['social', 'social-twitter-1261372822699548675', 'PDL149', 'PDL 149'],
  ['social', 'social-twitter-1262819058275082240', 'Projeto de Lei 2633', 'PL 2633'],
  ['social', 'social-twitter-1177249390953664518', 'Projeto de Lei 256/19', 'PL 256/2019'],
  ['social', 'social-twitter-1084465172855566342', 'PL 7879/2017', 'PL nº 7.879/17'],
  ['social', 'social-twitter-1085215400806117377', 'PL 2438', 'Projeto de Lei nº 2.438'],
  ['social', 'social-twitter-1249669963926974464', 'Medida Provisória 905/19', 'MP 905/2019'],
  ['social', 'social-twitter-1258176192588513281', 'PLS 56/2017', 'Projeto de Lei do Senado 56/17'],
  ['social', 'social-twitter-1245014829766774784', 'PL 873/2020', 'PL 873/20'],
  // News of the houses (notices)
  ['notices', 'notices-camara-619903', 'PL 5131/2019', 'PL 5131/19'],
  ['notices', 'notices-camara-radioagencia-618812', 'PL 1095/19', 'Projeto de Lei 1.095/2019'],
  ['notices', 'notices-camara-617681', 'PEC 6/2019', 'PEC 6/19'],
  ['notices', 'notices-camara-619693', 'PEC 300/2008', 'Proposta de Emenda Constitucional 300/08'],
  ['notices', 'notices-camara-619950', 'MP 948/20', 'Medida Provisória 948/2020'],
  ['notices', 'notices-camara-617681', 'Projeto de Lei 5131/19', 'PL5131/2019'],
  // Acts of the Diário Oficial (dou)
  ['dou', 'dou-20617931', 'Medida Provisória nº 1.154', 'MP 1154'],
  ['dou', 'dou-20618622', 'Medida Provisória nº 1154', 'MPV 1.154'],
  ['dou', 'dou-20617080', 'Decreto nº 10.835', 'Decreto 10835'],
  ['dou', 'dou-20617295', 'Lei nº 9504/97', 'Lei 9.504/1997'],
  ['dou', 'dou-20617659', 'Lei n.º 8.745/93', 'Lei nº 8745/1993'],
  ['dou', 'dou-20614588', 'Lei n.º 11.416/2006', 'Lei 11416/06'],
  ['dou', 'dou-20617250', 'Portaria nº 15/2021', 'Portaria 15/21'],
  ['dou', 'dou-20617383', 'Decreto nº 4.307/2022', 'Decreto 4307/22'],
  ['dou', 'dou-20618360', 'Decreto nº 9.725/19', 'Decreto 9725/2019'],
  ['dou', 'dou-20618328', 'Lei Complementar nº 75', 'LC 75'],
  ['dou', 'dou-20618331', 'Lei Complementar nº 75/93', 'Lei Complementar 75/1993'],
  ['dou', 'dou-20617778', 'Decreto-lei nº 200', 'Decreto-Lei 200'],
  ['dou', 'dou-20618688', 'Circular nº 1/2023', 'Circular 1/23'],
  ['dou', 'dou-20618736', 'MP n° 2.215', 'Medida Provisória 2215'],
  ['dou', 'dou-20619719', 'MP nº 525/2011', 'Medida Provisória 525/11'],
  ['dou', 'dou-20617976', 'Resolução nº 203/2015', 'Resolução 203/15'],
  ['dou', 'dou-20592832', 'PORTARIA Nº 2.415, DE 8 DE MAIO DE 2023', 'Portaria 2415/2023', 'first'],
  ['dou', 'dou-20619952', 'RESOLUÇÃO Nº 250, DE 19 DE MAIO DE 2023', 'Resolução nº 250/23', 'first'],
  // Banco Central norms (bacen)
  ['bacen', 'bacen-52581', 'Resolução CMN N° 5.207', 'Resolução CMN nº 5.207/2025', 'first'],
  ['bacen', 'bacen-51598', 'Resolução CMN N° 4.968', 'Resolução CMN 4968/21', 'first'],
  ['bacen', 'bacen-51598', 'Lei nº 4.595', 'Lei 4595'],
  ['bacen', 'bacen-52581', 'Resolução nº 4.557', 'Resolução 4557'],
  ['bacen', 'bacen-51598', 'Decreto-Lei nº 70', 'DL 70'],
  // Receita Federal norms (irs)
  ['irs', 'irs-15079', 'Instrução Normativa SRF nº 208', 'IN SRF 208', 'first'],
  ['irs', 'irs-61197', 'Instrução Normativa RFB nº 1548', 'IN RFB 1548/2015', 'first'],
  ['irs', 'irs-61197', 'Instrução Normativa RFB nº 1548', '1548', 'first'],
  ['irs', 'irs-14681', 'Instrução Normativa SRF nº 107', 'Instrução Normativa SRF 107/88', 'first'],
  ['irs', 'irs-14681', 'Decreto-Lei nº 1.598', 'Decreto-Lei 1598'],
]

const wanted = new Set(['notices', 'social', 'bacen', 'irs', 'dou', 'camara'])
const cases = CASES.filter((c) => wanted.has(c.source) && c.label !== 'camara (JSON)')
let snap: Snapshot

/** Every id `q` finds in `corpus`, page by page, in order. */
function idsOf(corpus: CorpusName, q: string): { ids: string[]; records: Map<string, unknown> } {
  const ids: string[] = []
  const records = new Map<string, unknown>()
  for (let page = 1; ; page++) {
    const r = snap.search(corpus, { q, limit: 20, page }, {})
    for (const x of r.results as { id: string }[]) {
      ids.push(x.id)
      records.set(x.id, x)
    }
    if (page >= r.pagination.pages) return { ids, records }
  }
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ')

describe('citations as analysts write them, on the real files', () => {
  const dir = sharedTempDir()
  beforeAll(async () => {
    snap = openSnapshot(join(dir(), 'citations.db'))
    for (const c of cases) {
      // Of the DOU, the day whose acts the rows cite (and the DO1 sample): the six zips take long.
      const files = c.source === 'dou' ? c.files.filter((f) => /05-23-DO2\.zip$|do1-sample/.test(f)) : [...c.files]
      await snap.ingest(c.source, files)
    }
  }, 120_000)
  afterAll(() => {
    snap?.close()
  })

  it('the table holds at least 40 real citations, in every corpus that cites', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(40)
    expect(new Set(ROWS.map((r) => r[0]))).toEqual(new Set(['social', 'notices', 'dou', 'bacen', 'irs']))
  })

  it.each(ROWS.map((r) => [...r] as const))('%s %s: written %j, typed %j → found', (...row) => {
    const [corpus, id, written, typed, first] = row as unknown as Row
    const { ids, records } = idsOf(corpus, typed)
    expect(ids).toContain(id)
    // The citation is the file's own: the document holds it as written (a Receita act's epigraph
    // is kept as its type, issuing unit and number).
    const record = records.get(id) as Record<string, unknown>
    const epigraph = corpus === 'irs' ? `${String(record['type'])} ${String(record['organ'])} nº ${String(record['number'])} ` : ''
    expect(squeeze(epigraph + JSON.stringify(record))).toContain(squeeze(written))
    if (first === 'first') expect(ids[0]).toBe(id)
  })

  it('the norm itself ranks above a newer text that cites it, whatever the sort', () => {
    snap.upsert('bacen', [
      {
        id: 'cites-4968',
        title: 'Circular nº 9.999',
        subject: 'Altera a Resolução CMN nº 4.968, de 2021',
        date: '2026-01-02T10:00:00-03:00',
      },
    ])
    try {
      for (const sort of ['newest', 'older', 'relevance'] as const)
        expect(snap.searchBacen({ q: 'Resolução CMN 4.968', sort }).results.map((r) => r.id)).toEqual(['bacen-51598', 'cites-4968'])
    } finally {
      snap.remove('bacen', ['cites-4968'])
    }
  })

  it('every DOU act whose title cites it (TYPE [unit] Nº N, DE … DE YEAR) is found by `TYPE nº N` and by `TYPE N/YEAR`', () => {
    const RX = /^\s*(portaria|resolução|decreto|instrução normativa|circular)\b[^\n]*?\bn\.?\s*[º°o]\.?\s*([\d.]+)/iu
    const acts = [...snap.searchAll('dou', {}, {})] as { id: string; title: string }[]
    const missed: string[] = []
    let titled = 0
    for (const act of acts) {
      const m = RX.exec(act.title)
      if (!m) continue
      titled++
      const [type, number] = [m[1] as string, (m[2] as string).replace(/\.$/, '')]
      const year = /\bDE (\d{4})\b/i.exec(act.title)?.[1]
      for (const q of [`${type} nº ${number}`, ...(year ? [`${type} ${number}/${year}`] : [])])
        if (!idsOf('dou', q).ids.includes(act.id)) missed.push(`${act.id} ${act.title.slice(0, 50)} ← ${q}`)
    }
    expect(titled).toBeGreaterThan(500)
    // One title glues the sign to its unit (`PORTARIA CVM/PTE/Nº 65`): read as words, not as a citation.
    expect(missed.length, missed.join('\n')).toBeLessThanOrEqual(2)
  })

  it('/20 and /2020 find the same posts (PL 873/2020: 25 wrote one form, 28 the other)', () => {
    const four = idsOf('social', 'PL 873/2020').ids
    const two = idsOf('social', 'PL 873/20').ids
    expect(new Set(four)).toEqual(new Set(two))
    expect(four.length).toBeGreaterThanOrEqual(53)
  })

  it("the issue's other examples: PL2630, instrução normativa, IN RFB 1700", () => {
    // `PL2630` glued finds the posts that write `PL 2630` (the files hold no proposition PL 2630/2020).
    const glued = idsOf('social', 'PL2630').ids
    expect(glued.length).toBeGreaterThan(30)
    expect(new Set(glued)).toEqual(new Set(idsOf('social', 'PL 2630').ids))
    // The Receita's three acts are all Instruções Normativas (the type is indexed with the citation).
    expect(new Set(idsOf('irs', 'instrução normativa').ids)).toEqual(new Set(['irs-14681', 'irs-15079', 'irs-61197']))
    // IN RFB 1700 is in none of the files: found nowhere, as it should be.
    expect(idsOf('irs', 'IN RFB 1700').ids).toEqual([])
  })

  it.each([
    ['MP 1154/2023', 'MPV', 1154, 2023],
    ['Medida Provisória 1.154', 'MPV', 1154, 2023],
    ['Projeto de Lei 504/2023', 'PL', 504, 2023],
    ['PL nº 504/23', 'PL', 504, 2023],
  ])('propositions: %j finds %s %i/%i first', (q, type, number, year) => {
    const r = snap.searchPropositions({ q, limit: 5 })
    const top = r.results[0]
    expect({ type: top?.acronymType, number: top?.number, year: top?.year }).toEqual({ type, number, year })
  })
})
