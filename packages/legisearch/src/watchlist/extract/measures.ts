/**
 * Restrictive measures (`extracted.prohibitions`), in the UN's English wording, lower-cased.
 *
 * MEASURES_BY_REGIME lists, per sanctions regime (the list's UN_LIST_TYPE), the measures that apply
 * to an individual or an entity BY VIRTUE OF ITS DESIGNATION. Measures imposed on a whole country
 * (the general arms embargoes on the DPRK, Iran, Libya, the DRC, Darfur, South Sudan, the CAR…) are
 * not designation measures and are left out; the arms embargo is listed only where the Council made
 * it a targeted measure on designated persons. A travel ban applies to individuals only.
 */

export const ASSET_FREEZE = 'asset freeze'
export const TRAVEL_BAN = 'travel ban'
export const ARMS_EMBARGO = 'arms embargo'
export const PORT_ENTRY_BAN = 'port entry ban'
export const DEFLAGGING = 'deflagging'
/** Every measure `prohibitions` can hold: the regime table's and the narratives' are all among these. */
export const MEASURES = [ASSET_FREEZE, TRAVEL_BAN, ARMS_EMBARGO, PORT_ENTRY_BAN, DEFLAGGING] as const

export interface RegimeMeasures {
  readonly individual: readonly string[]
  readonly entity: readonly string[]
  /** The Security Council resolutions that impose the measures on designees. */
  readonly source: string
}

const FULL = { individual: [ASSET_FREEZE, TRAVEL_BAN, ARMS_EMBARGO], entity: [ASSET_FREEZE, ARMS_EMBARGO] } as const
const FREEZE_AND_BAN = { individual: [ASSET_FREEZE, TRAVEL_BAN], entity: [ASSET_FREEZE] } as const

export const MEASURES_BY_REGIME: Readonly<Record<string, RegimeMeasures>> = Object.freeze({
  // ISIL (Da'esh) and Al-Qaida (1267 Committee): resolutions 1267 (1999), 1333 (2000), 1390 (2002),
  // 1989 (2011), 2253 (2015); measures restated in resolution 2734 (2024), paragraph 1 (a)–(c):
  // asset freeze, travel ban, targeted arms embargo.
  'Al-Qaida': { ...FULL, source: 'S/RES/1267 (1999); S/RES/2253 (2015); S/RES/2734 (2024) para. 1' },
  // Taliban (1988 Committee): resolution 1988 (2011), paragraph 1 (a)–(c); resolution 2255 (2015).
  Taliban: { ...FULL, source: 'S/RES/1988 (2011) para. 1; S/RES/2255 (2015)' },
  // DPRK (1718 Committee): resolution 1718 (2006), paragraph 8 (d) asset freeze, 8 (e) travel ban.
  DPRK: { ...FREEZE_AND_BAN, source: 'S/RES/1718 (2006) para. 8 (d), (e)' },
  // Iran (1737 Committee; re-applied in September 2025): resolution 1737 (2006), paragraph 12 asset
  // freeze; resolution 1929 (2010), paragraph 10 travel ban (2016–2025: resolution 2231 (2015), annex B).
  Iran: { ...FREEZE_AND_BAN, source: 'S/RES/1737 (2006) para. 12; S/RES/1929 (2010) para. 10; S/RES/2231 (2015) annex B' },
  // Iraq (1518 Committee): resolution 1483 (2003), paragraph 23: freeze of funds and transfer to the
  // Development Fund for Iraq. No travel ban.
  Iraq: { individual: [ASSET_FREEZE], entity: [ASSET_FREEZE], source: 'S/RES/1483 (2003) para. 23' },
  // Democratic Republic of the Congo (1533 Committee): resolution 1596 (2005), paragraphs 13 (travel
  // ban) and 15 (asset freeze), renewed yearly.
  DRC: { ...FREEZE_AND_BAN, source: 'S/RES/1596 (2005) paras. 13, 15' },
  // Sudan (1591 Committee): resolution 1591 (2005), paragraph 3 (d) travel ban, 3 (e) asset freeze.
  Sudan: { ...FREEZE_AND_BAN, source: 'S/RES/1591 (2005) para. 3 (d), (e)' },
  // Libya (1970 Committee): resolution 1970 (2011), paragraphs 15 (travel ban) and 17 (asset freeze);
  // resolution 1973 (2011), paragraph 19. Vessel measures (resolution 2146 (2014)) are read from the
  // narrative. Many Libya designations name only one of the two measures; see narrativeMeasures.
  Libya: { ...FREEZE_AND_BAN, source: 'S/RES/1970 (2011) paras. 15, 17; S/RES/1973 (2011) para. 19' },
  // Al-Shabaab / Somalia (751, now 2713 Committee): resolution 1844 (2008), paragraphs 1 (travel
  // ban), 3 (asset freeze), 7 (targeted arms embargo); resolution 2713 (2023).
  Somalia: { ...FULL, source: 'S/RES/1844 (2008) paras. 1, 3, 7; S/RES/2713 (2023)' },
  // Central African Republic (2127 Committee): resolution 2134 (2014), paragraphs 30 (travel ban)
  // and 32 (asset freeze).
  CAR: { ...FREEZE_AND_BAN, source: 'S/RES/2134 (2014) paras. 30, 32' },
  // Haiti (2653 Committee): resolution 2653 (2022): asset freeze, travel ban, targeted arms embargo.
  Haiti: { ...FULL, source: 'S/RES/2653 (2022)' },
  // Yemen (2140 Committee): resolution 2140 (2014), paragraphs 11 (asset freeze) and 15 (travel ban);
  // resolution 2216 (2015), paragraph 14 (targeted arms embargo).
  Yemen: { ...FULL, source: 'S/RES/2140 (2014) paras. 11, 15; S/RES/2216 (2015) para. 14' },
  // Guinea-Bissau (2048 Committee): resolution 2048 (2012), paragraph 4: travel ban only.
  GB: { individual: [TRAVEL_BAN], entity: [], source: 'S/RES/2048 (2012) para. 4' },
  // South Sudan (2206 Committee): resolution 2206 (2015), paragraphs 9 (travel ban) and 12 (asset freeze).
  SouthSudan: { ...FREEZE_AND_BAN, source: 'S/RES/2206 (2015) paras. 9, 12' },
  // Mali (2374 Committee, regime ended 31 August 2023; found in older lists): resolution 2374 (2017),
  // paragraphs 1 (travel ban) and 4 (asset freeze).
  Mali: { ...FREEZE_AND_BAN, source: 'S/RES/2374 (2017) paras. 1, 4' },
})

/** Maps a measure as written in a narrative to its canonical lower-case wording, or null. */
export function canonicalMeasure(written: string): string | null {
  const w = written
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim()
  if (/\bassets? freeze\b|\bfreez(?:e|ing) of (?:funds|assets)\b/.test(w)) return ASSET_FREEZE
  if (/\btravel ban\b/.test(w)) return TRAVEL_BAN
  if (/\barms embargo\b/.test(w)) return ARMS_EMBARGO
  if (/\bport entry\b|\bentering (?:any )?ports?\b/.test(w)) return PORT_ENTRY_BAN
  if (/\bde ?flag/.test(w)) return DEFLAGGING
  return null
}

const MEASURE_WORDS = /asset[s]? freeze|travel ban|arms embargo|port entry|de-?flag/i
const LISTING_STATEMENT = /\b(?:listed|designated)\b[^.]*?\bpursuant to\b|\bsubject to (?:the )?measures\b/i
const PARENTHESIS = /\(([^()]*)\)/g
const VESSEL_MEASURE =
  /\b(?:port entry ban|ban on port entry|prohibition (?:of|on) port entry|port entry prohibition|denial of port entry|prohibited from entering (?:any )?ports?|de-?flagg(?:ing|ed)|de-?flag)\b/gi
const DESIGNATED_FOR =
  /\b(?:designated|listed)\b[^.]{0,120}?\bfor\s+(?:an?\s+|the\s+)?(asset[s]? freeze|travel ban|arms embargo|port entry ban|deflagging)/gi
const MEASURE_CONTEXT = /\b(?:designat|listed|measure|subject to|prohibition|ban)\w*/i

export interface NarrativeMeasures {
  /** Measures named as the basis of the listing ("Listed pursuant to … (Travel Ban)"): replace the table. */
  listedUnder: string[]
  /** Further measures the narrative states (vessel measures, "designated for …"). */
  stated: string[]
}

/** Measures the narrative itself states, by sentence. */
export function narrativeMeasures(sentences: readonly string[]): NarrativeMeasures {
  const listedUnder: string[] = []
  const stated: string[] = []
  for (const s of sentences) {
    if (LISTING_STATEMENT.test(s)) {
      PARENTHESIS.lastIndex = 0
      for (let m = PARENTHESIS.exec(s); m; m = PARENTHESIS.exec(s)) {
        const inner = m[1] ?? ''
        if (!MEASURE_WORDS.test(inner)) continue
        for (const part of inner.split(/,|\band\b/)) {
          const c = canonicalMeasure(part)
          if (c) listedUnder.push(c)
        }
      }
    }
    if (MEASURE_CONTEXT.test(s)) {
      VESSEL_MEASURE.lastIndex = 0
      for (let m = VESSEL_MEASURE.exec(s); m; m = VESSEL_MEASURE.exec(s)) {
        const c = canonicalMeasure(m[0])
        if (c) stated.push(c)
      }
    }
    DESIGNATED_FOR.lastIndex = 0
    for (let m = DESIGNATED_FOR.exec(s); m; m = DESIGNATED_FOR.exec(s)) {
      const c = canonicalMeasure(m[1] ?? '')
      if (c) stated.push(c)
    }
  }
  return { listedUnder, stated }
}

/**
 * `prohibitions`: the regime table's measures for the subject type — or, when the narrative names the
 * measures the subject is listed under, those — plus measures the narrative states; deduplicated.
 * An unknown regime gets nothing from the table.
 */
export function prohibitionsFor(regime: string, subjectType: 'individual' | 'entity', sentences: readonly string[]): string[] {
  const table = MEASURES_BY_REGIME[regime]
  const fromTable = table ? [...(subjectType === 'individual' ? table.individual : table.entity)] : []
  const { listedUnder, stated } = narrativeMeasures(sentences)
  const base = listedUnder.length > 0 ? listedUnder.filter((m) => subjectType === 'individual' || m !== TRAVEL_BAN) : fromTable
  return [...new Set([...base, ...stated])]
}
