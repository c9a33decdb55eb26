import { REGIMES, type Regime } from './types.js'

/** The committee of each regime (the Security Council committee or resolution that keeps its list). */
export const COMMITTEES: Readonly<Record<string, string>> = {
  'Al-Qaida':
    "Security Council Committee pursuant to resolutions 1267 (1999), 1989 (2011) and 2253 (2015) concerning ISIL (Da'esh), Al-Qaida and associated individuals, groups, undertakings and entities",
  Taliban: 'Security Council Committee established pursuant to resolution 1988 (2011)',
  DPRK: 'Security Council Committee established pursuant to resolution 1718 (2006)',
  Iran: 'Security Council Committee established pursuant to resolution 1737 (2006)',
  Iraq: 'Security Council Committee established pursuant to resolution 1518 (2003)',
  DRC: 'Security Council Committee established pursuant to resolution 1533 (2004) concerning the Democratic Republic of the Congo',
  Sudan: 'Security Council Committee established pursuant to resolution 1591 (2005) concerning the Sudan',
  Libya: 'Security Council Committee established pursuant to resolution 1970 (2011) concerning Libya',
  Somalia: 'Security Council Committee pursuant to resolution 2713 (2023) concerning Al-Shabaab',
  CAR: 'Security Council Committee established pursuant to resolution 2127 (2013) concerning the Central African Republic',
  Haiti: 'Security Council Committee established pursuant to resolution 2653 (2022) concerning Haiti',
  Yemen: 'Security Council Committee established pursuant to resolution 2140 (2014)',
  GB: 'Security Council Committee established pursuant to resolution 2048 (2012) concerning Guinea-Bissau',
  SouthSudan: 'Security Council Committee established pursuant to resolution 2206 (2015) concerning South Sudan',
  // Not one of the spec's 14 regimes (terminated in 2023), but present in the 2020–2023 lists.
  Mali: 'Security Council Committee established pursuant to resolution 2374 (2017) concerning Mali',
}

/** Spellings of UN_LIST_TYPE that name a regime of the spec differently. */
const ALIASES: Readonly<Record<string, Regime>> = {
  'South Sudan': 'SouthSudan',
  'Guinea-Bissau': 'GB',
  'Al-Qaida/ISIL': 'Al-Qaida',
}

/**
 * List types that are not a regime's name but identify one by its resolution: read as that regime,
 * and reported as a warning, since the reading is an inference rather than a spelling.
 */
const BY_RESOLUTION: Readonly<Record<string, { regime: Regime; why: string }>> = {
  // The 2023-03-09 list files HTi.001 under "26532022": resolution 2653 (2022), the Haiti regime.
  '26532022': { regime: 'Haiti', why: 'resolution 2653 (2022) established the Haiti regime' },
}

/**
 * The regime of a UN_LIST_TYPE. An unknown list type is kept verbatim (never dropped); `warning`
 * says what the caller should report: an unknown type, or a type read as a regime by inference.
 */
export function regimeOf(listType: string): { regime: string; known: boolean; warning?: string } {
  if ((REGIMES as readonly string[]).includes(listType)) return { regime: listType, known: true }
  const alias = ALIASES[listType]
  if (alias) return { regime: alias, known: true }
  const inferred = BY_RESOLUTION[listType]
  if (inferred)
    return {
      regime: inferred.regime,
      known: true,
      warning: `UN_LIST_TYPE '${listType}' read as the ${inferred.regime} regime (${inferred.why})`,
    }
  return { regime: listType, known: false, warning: `unknown UN_LIST_TYPE '${listType}' kept verbatim as its regime` }
}
