/**
 * Hand-labelled facts for the narrative extractor (test/watchlist/extract.test.ts).
 *
 * Each entry names one real record of the UN Security Council Consolidated List by file (in
 * test/fixtures/un_sc/) and REFERENCE_NUMBER, and gives the value of every `Extracted` field as a
 * person reading COMMENTS1 would write it. The narratives themselves are NOT copied here: the test
 * reads them in place. Only short facts and a short note on what the entry exercises.
 *
 * Labelling conventions (the same as the extractor's documented output):
 * - subjectStatus: 'deceased' only when the narrative states the listed subject's own death.
 * - location: the subject's last known whereabouts (residence, presence, custody, a move to a place),
 *   not a death place, an arrest place or an area of activity. `observedOn` is the date the narrative
 *   ties to that whereabouts, at the precision stated: YYYY-MM-DD, YYYY-MM or YYYY ("early 2016" →
 *   '2016'). A leading "the" is dropped from the place.
 * - affiliations: organisations/groups the subject is stated to be a member/leader/official/founder of
 *   or associated/linked with, named as written (no acronym, no reference number, no leading "the");
 *   not persons, tribes or ethnic groups.
 * - identifiers: `kind:value` (imo, imo-company, passport, national-id, identity-card, military-id,
 *   tax-id, company-registration, licence).
 * - prohibitions: MEASURES_BY_REGIME for (regime, subject type), unless the narrative states the
 *   measures the subject is listed under ("Listed pursuant to … (Travel Ban)"), which then replace
 *   the table; plus measures the narrative states. Compared as sets.
 * Places, names and affiliations are compared case-insensitively, ignoring diacritics, quote style
 * and a leading "the".
 */

export interface LabelledNarrative {
  file: string
  ref: string
  subjectStatus: 'deceased' | null
  location: { place: string; observedOn: string | null } | null
  identifiers: string[]
  affiliations: string[]
  flagState: string | null
  validFrom: string | null
  validUntil: string | null
  prohibitions: string[]
  /** What the entry exercises (phrasing or trap). */
  note: string
  /**
   * 'dev': chosen to cover the phrasings and traps, read while the rules were written;
   * 'holdout': drawn at random (seeded) from the 2026-02-27 list among narratives of more than 80
   * characters not in the dev set, and labelled before the extractor was run on them.
   */
  set: 'dev' | 'holdout'
}

const F2026 = 'UN_consolidated_2026-02-27.xml'
const F2024 = 'UN_consolidated_2024-09-26.xml'
const F2023 = 'consolidated-2023-03-09.xml'
const F2020 = 'consolidated-2020-03-20.xml'
const F2017 = 'consolidated-2017-06-20.xml'

const AF = 'asset freeze'
const TB = 'travel ban'
const AE = 'arms embargo'
const TERROR_I = [AF, TB, AE] // Al-Qaida, Taliban, Somalia, Yemen, Haiti individuals
const TERROR_E = [AF, AE] // their entities
const STD_I = [AF, TB] // DPRK, Iran, DRC, Sudan, Libya, CAR, South Sudan, Mali individuals
const STD_E = [AF] // their entities, and Iraq

type LabelInput = Omit<LabelledNarrative, 'set' | 'flagState' | 'validFrom' | 'validUntil' | 'identifiers' | 'affiliations' | 'location' | 'subjectStatus'> &
  LabelOptional
interface LabelOptional {
  subjectStatus?: 'deceased' | null
  location?: { place: string; observedOn: string | null } | null
  identifiers?: string[]
  affiliations?: string[]
  flagState?: string | null
  validFrom?: string | null
  validUntil?: string | null
}

function L(p: LabelInput): LabelledNarrative {
  return {
    set: 'dev',
    file: p.file,
    ref: p.ref,
    subjectStatus: p.subjectStatus ?? null,
    location: p.location ?? null,
    identifiers: p.identifiers ?? [],
    affiliations: p.affiliations ?? [],
    flagState: p.flagState ?? null,
    validFrom: p.validFrom ?? null,
    validUntil: p.validUntil ?? null,
    prohibitions: p.prohibitions,
    note: p.note,
  }
}

export const LABELS: LabelledNarrative[] = [
  // ── own death, many phrasings ─────────────────────────────────────────────
  L({ file: F2026, ref: 'TAi.004', subjectStatus: 'deceased', location: { place: 'Afghanistan/Pakistan border area', observedOn: null }, prohibitions: TERROR_I, note: '"Reportedly deceased as of"; tribe is not an affiliation' }),
  L({ file: F2026, ref: 'TAi.096', subjectStatus: 'deceased', location: { place: 'Afghanistan/Pakistan border area', observedOn: null }, affiliations: ['Taliban Supreme Council'], prohibitions: TERROR_I, note: '"Deceased as of <day>"' }),
  L({ file: F2026, ref: 'TAi.022', subjectStatus: 'deceased', location: { place: 'Pakistan', observedOn: '2007' }, affiliations: ["Taliban's Supreme Council"], prohibitions: TERROR_I, note: '"Confirmed deceased … and buried"; custody location' }),
  L({ file: F2026, ref: 'TAi.075', subjectStatus: 'deceased', affiliations: ['Taliban Supreme Council'], prohibitions: TERROR_I, note: '"confirmed killed on <day month>" (no year); death place is not a location' }),
  L({ file: F2026, ref: 'TAi.100', subjectStatus: 'deceased', prohibitions: TERROR_I, note: '"confirmed assassinated by <group>"; the group is not an affiliation' }),
  L({ file: F2026, ref: 'TAi.111', subjectStatus: 'deceased', prohibitions: TERROR_I, note: '"Reportedly deceased in 2001"; "Belonged to … tribe"' }),
  L({ file: F2026, ref: 'TAi.040', subjectStatus: 'deceased', location: { place: 'Afghanistan/Pakistan border area', observedOn: null }, affiliations: ['Taliban', 'Taliban Miram Shah Shura'], prohibitions: TERROR_I, note: 'own death plus a son "(deceased)"' }),
  L({ file: F2026, ref: 'QDi.283', subjectStatus: 'deceased', prohibitions: TERROR_I, note: '"Confirmed to have died on … in Yemen"' }),
  L({ file: F2017, ref: 'QDi.168', subjectStatus: 'deceased', affiliations: ['Organization of Al-Qaida in the Islamic Maghreb'], prohibitions: TERROR_I, note: '"confirmed to have died in <place>"; "Former member of The <Org>"' }),
  L({ file: F2017, ref: 'QDi.321', subjectStatus: 'deceased', affiliations: ['Lashkar i Jhangvi'], prohibitions: TERROR_I, note: '"Killed in <place> on <date>"; founder and leader of <Org>' }),
  L({ file: F2026, ref: 'CDi.018', subjectStatus: 'deceased', affiliations: ['FARDC'], prohibitions: STD_I, note: '"reported to have died in <place>"; an arrest is not a location' }),
  L({ file: F2026, ref: 'CDi.016', subjectStatus: 'deceased', location: { place: 'Germany', observedOn: '2016-06' }, affiliations: ['FDLR'], prohibitions: STD_I, note: '"reported to have died in prison"; an earlier "is in prison in <place> as of <date>"' }),
  L({ file: F2026, ref: 'CDi.027', subjectStatus: 'deceased', affiliations: ['Fédération des entreprises congolaises'], prohibitions: STD_I, note: 'subject named: "<Name> is believed to have died"' }),
  L({ file: F2026, ref: 'CFi.014', subjectStatus: 'deceased', affiliations: ['Return, Reclamation, Rehabilitation'], prohibitions: STD_I, note: 'subject named: "<Name> was reportedly killed"; a group that "has killed" (not a death)' }),
  L({ file: F2026, ref: 'CFi.006', subjectStatus: 'deceased', affiliations: ['Séléka'], prohibitions: STD_I, note: '"reportedly deceased as at <date>" without full stop; ethnic group is not an affiliation' }),
  L({ file: F2026, ref: 'IQi.045', subjectStatus: 'deceased', prohibitions: STD_E, note: '"Died in 2003" (whole narrative)' }),
  L({ file: F2026, ref: 'KPi.050', subjectStatus: 'deceased', affiliations: ['Munitions Industry Department', 'State Affairs Commission', 'Workers’ Party of Korea Political Bureau'], prohibitions: STD_I, note: '"Died on <date>" after a profile' }),
  L({ file: F2026, ref: 'LYi.001', subjectStatus: 'deceased', prohibitions: [TB], note: 'status line split over two lines; listed for travel ban only' }),
  L({ file: F2026, ref: 'LYi.014', subjectStatus: 'deceased', prohibitions: [TB, AF], note: 'status line plus "Reportedly deceased in Sirte"' }),
  L({ file: F2023, ref: 'YEi.003', subjectStatus: 'deceased', prohibitions: TERROR_I, note: '"Status: reportedly deceased"' }),
  L({ file: F2026, ref: 'QDi.282', subjectStatus: 'deceased', affiliations: ['Al-Qaida in the Arabian Peninsula'], prohibitions: TERROR_I, note: '"As of <date>, reportedly killed"; loyalty to a person is not an affiliation' }),
  L({ file: F2026, ref: 'QDi.313', subjectStatus: 'deceased', affiliations: ['Organisation of Al-Qaida in the Islamic Maghreb'], prohibitions: TERROR_I, note: '"2019.Reportedly deceased" with no space after the stop' }),
  L({ file: F2026, ref: 'QDi.415', subjectStatus: 'deceased', affiliations: ['Mouvement pour l’Unification et le Jihad en Afrique de l’Ouest', 'Al-Mourabitoun', 'Islamic State in Iraq and the Levant'], prohibitions: TERROR_I, note: '"Reportedly Deceased." capitalised' }),
  L({ file: F2026, ref: 'QDi.352', subjectStatus: 'deceased', affiliations: ['Tehrik-e Taliban Pakistan'], prohibitions: TERROR_I, note: '"Confirmed deceased on"' }),
  L({ file: F2026, ref: 'QDi.307', subjectStatus: 'deceased', affiliations: ['Lashkar-e-Tayyiba'], prohibitions: TERROR_I, note: '"Confirmed deceased." bare; "Founding member of"' }),
  L({ file: F2026, ref: 'QDi.398', subjectStatus: 'deceased', prohibitions: TERROR_I, note: '"Killed on <date> in …"; unnamed group' }),
  L({ file: F2026, ref: 'QDi.065', subjectStatus: 'deceased', identifiers: ['tax-id:SSYBLK62T26Z336L'], prohibitions: TERROR_I, note: '"Reportedly killed in 2012"; Italian fiscal code' }),
  L({ file: F2026, ref: 'QDi.337', subjectStatus: 'deceased', affiliations: ['Al-Nusrah Front for the People of the Levant'], prohibitions: TERROR_I, note: '"Reportedly died in …", sentence ends with a comma' }),
  L({ file: F2026, ref: 'QDi.006', subjectStatus: 'deceased', location: { place: 'Afghanistan', observedOn: '2014' }, affiliations: ['Al-Qaida', 'Egyptian Islamic Jihad'], prohibitions: TERROR_I, note: 'own death plus an associate "(deceased)"' }),
  L({ file: F2024, ref: 'QDi.006', location: { place: 'Afghanistan/Pakistan border area', observedOn: null }, affiliations: ['Al-Qaida', 'Egyptian Islamic Jihad'], prohibitions: TERROR_I, note: 'older version: only someone else is deceased' }),
  L({ file: F2026, ref: 'QDi.421', subjectStatus: 'deceased', affiliations: ['Al-Qaida'], prohibitions: TERROR_I, note: 'father "(deceased)" plus own death; subject name contains the father\'s' }),
  L({ file: F2024, ref: 'QDi.421', affiliations: ['Al-Qaida'], prohibitions: TERROR_I, note: 'older version: father deceased, subject not' }),
  L({ file: F2026, ref: 'QDi.250', subjectStatus: 'deceased', location: { place: 'Northern Mali', observedOn: '2008-06' }, affiliations: ['Organization of Al-Qaida in the Islamic Maghreb'], prohibitions: TERROR_I, note: 'another man "who allegedly died" plus own death' }),
  L({ file: F2026, ref: 'QDi.249', subjectStatus: 'deceased', location: { place: 'Northern Mali', observedOn: '2008-06' }, affiliations: ['Organization of Al-Qaida in the Islamic Maghreb'], prohibitions: TERROR_I, note: '"belonged to the leadership of <Org>"; "Located in <place> as of <Mon.> <year>"' }),
  L({ file: F2026, ref: 'QDi.290', subjectStatus: 'deceased', location: { place: 'Russian Federation', observedOn: '2010-11' }, prohibitions: TERROR_I, note: '"Resides in <place> as at <Mon.> <year>"; death statement split over lines' }),
  L({ file: F2026, ref: 'QDi.291', subjectStatus: 'deceased', location: { place: 'Yemen', observedOn: '2011-03' }, affiliations: ['Al-Qaida in the Arabian Peninsula'], prohibitions: TERROR_I, note: 'own "Reportedly deceased." plus associates "(deceased)"' }),
  L({ file: F2026, ref: 'QDi.204', subjectStatus: 'deceased', affiliations: ['Abu Sayyaf Group', 'Islamic State in Iraq and the Levant'], prohibitions: TERROR_I, note: '"listed as Al-Qaida in Iraq" alias clause' }),
  L({ file: F2026, ref: 'QDi.136', subjectStatus: 'deceased', affiliations: ['Council of the Organization of Al-Qaida in the Islamic Maghreb', 'Al Mouakaoune Biddam', 'Al Moulathamoun', 'Al Mourabitoun'], prohibitions: TERROR_I, note: '"Head of A (ref), B (ref) and C (ref)"' }),
  L({ file: F2023, ref: 'MLi.006', subjectStatus: 'deceased', affiliations: ['Mouvement Arabe de l’Azawad'], prohibitions: [TB, AF], note: 'Mali list; "Reportedly deceased in February 2020.Photo"' }),

  // ── someone else's death, death sentences, killings: never the subject's ─
  L({ file: F2026, ref: 'QDi.001', prohibitions: TERROR_I, note: 'trap: "Usama bin Laden’s (deceased) security"' }),
  L({ file: F2026, ref: 'QDi.003', location: { place: 'Yemen', observedOn: '2008-11' }, prohibitions: TERROR_I, note: 'trap: bodyguard to another person "(deceased)"; transferred to <place>' }),
  L({ file: F2026, ref: 'QDi.002', location: { place: 'Afghanistan', observedOn: '2021-08' }, prohibitions: TERROR_I, note: 'trap: another person "(deceased)"; "He was in <place> as of <date>"' }),
  L({ file: F2026, ref: 'TAi.161', prohibitions: TERROR_I, note: 'trap: "assistant to Badruddin Haqqani (deceased)"' }),
  L({ file: F2026, ref: 'TAi.169', affiliations: ['Haqqani Network'], prohibitions: TERROR_I, note: 'trap: father "(deceased)"; "Senior <Org> (ACR) (ref) member"' }),
  L({ file: F2026, ref: 'QDi.251', location: { place: 'Blida penitentiary, Algeria', observedOn: '2023-11' }, affiliations: ['Organization of Al-Qaida in the Islamic Maghreb'], prohibitions: TERROR_I, note: 'trap: "(<ref>, reported deceased …)" after another name; two prison locations' }),
  L({ file: F2026, ref: 'QDi.427', affiliations: ['Tehrik-e Taliban Pakistan'], prohibitions: TERROR_I, note: 'trap: "following the death of former TTP leader"' }),
  L({ file: F2026, ref: 'QDi.407', location: { place: 'Indonesia', observedOn: '2010-12' }, affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_I, note: 'trap: "sentenced to death"; "his incarceration in <place> since <date>"' }),
  L({ file: F2026, ref: 'QDi.411', affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_I, note: 'trap: "has been sentenced to death"; detention without a place' }),
  L({ file: F2026, ref: 'QDe.169', affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_E, note: 'trap: "now-deceased <founder>"; entity' }),
  L({ file: F2026, ref: 'QDe.119', affiliations: ['Islamic Movement of Uzbekistan', 'Emarat Kavkaz'], prohibitions: TERROR_E, note: 'trap: founders "(deceased)"; area of activity is not a location' }),
  L({ file: F2026, ref: 'SSi.004', prohibitions: STD_I, note: 'trap: "forces under his command killed"' }),
  L({ file: F2026, ref: 'CFi.015', affiliations: ['Unité pour la Paix en Centrafrique', 'Coalition des patriotes pour le changement'], prohibitions: STD_I, note: 'trap: a group that "has killed"; "<place>-based militia group <Org> (ACR)"' }),
  L({ file: F2026, ref: 'IQi.001', prohibitions: STD_E, note: 'empty narrative: nothing read, even for a subject known to be dead' }),
  L({ file: F2026, ref: 'CDe.001', prohibitions: STD_E, note: 'trap: another person’s arrest and detention are not the entity’s location' }),

  // ── locations ───────────────────────────────────────────────────────────
  L({ file: F2026, ref: 'CDi.002', location: { place: 'Kinshasa', observedOn: '2016-06' }, affiliations: ['CNDP'], prohibitions: STD_I, note: 'two dated residence statements; the later wins' }),
  L({ file: F2026, ref: 'CDi.001', location: { place: 'Rwanda', observedOn: '2016' }, prohibitions: STD_I, note: 'fled to <place>, "still living there as of early <year>"' }),
  L({ file: F2026, ref: 'CDi.019', location: { place: 'Ngoma camp, Rwanda', observedOn: '2014' }, prohibitions: STD_I, note: '"As of late <year>, living in <place>"' }),
  L({ file: F2026, ref: 'CDi.009', location: { place: 'Uganda', observedOn: '2016-05' }, prohibitions: STD_I, note: '"resides in <place> as of <month year>" after an older prison' }),
  L({ file: F2026, ref: 'CDi.026', location: { place: 'Tanzania', observedOn: '2013' }, prohibitions: STD_I, note: '"disappeared while in <place> in early <year>", then whereabouts unknown' }),
  L({ file: F2026, ref: 'CDi.005', location: { place: 'Makala Prison in Kinshasa', observedOn: '2011-06' }, affiliations: ['FARDC'], prohibitions: STD_I, note: '"As of <month year>, detained in <prison> in <city>"' }),
  L({ file: F2026, ref: 'QDi.037', location: { place: 'Iraq', observedOn: null }, prohibitions: TERROR_I, note: '"<Name> is in Iraq"' }),
  L({ file: F2026, ref: 'QDe.129', location: { place: 'Yemen', observedOn: null }, affiliations: ['Al-Qaida'], prohibitions: TERROR_E, note: '"Location: Yemen." and an "Alternative location"' }),
  L({ file: F2026, ref: 'KPi.067', location: { place: 'Libya', observedOn: null }, prohibitions: STD_I, note: '"Location Libya." without colon' }),
  L({ file: F2026, ref: 'QDi.141', location: { place: 'Somalia', observedOn: '2009-04' }, prohibitions: TERROR_I, note: '"Present in <place> as of <Mon.> <year>"' }),
  L({ file: F2026, ref: 'TAi.083', location: { place: 'Gulf region', observedOn: null }, prohibitions: TERROR_I, note: '"believed to be in the <region>"' }),
  L({ file: F2026, ref: 'QDi.058', location: { place: 'Algeria', observedOn: '2022-05' }, affiliations: ['Afghan Support Committee', 'Al-Qaida'], prohibitions: TERROR_I, note: '"as of <date> and <date>"; "<Org> (ref) facilitator"' }),
  L({ file: F2026, ref: 'KPi.040', prohibitions: STD_I, note: 'trap: "believed to be in charge of"' }),
  L({ file: F2026, ref: 'SOi.010', location: { place: 'Somalia', observedOn: '2009' }, prohibitions: TERROR_I, note: 'lived in <place> in <year>, moved to <place> in <year>' }),
  L({ file: F2026, ref: 'QDi.124', location: { place: 'Selangor Malaysia', observedOn: '2021-11-21' }, affiliations: ['Jemaah Islamiyah'], prohibitions: TERROR_I, note: 'residence order "until <date>" is not a validity of the measures' }),
  L({ file: F2026, ref: 'QDi.143', location: { place: 'Italy', observedOn: '2026-02-06' }, prohibitions: TERROR_I, note: '"In prison in <place> until <date>"' }),
  L({ file: F2026, ref: 'QDi.154', location: { place: 'United States of America', observedOn: null }, prohibitions: TERROR_I, note: '"currently incarcerated in" beats an older dated move' }),
  L({ file: F2026, ref: 'QDi.155', location: { place: 'Algeria', observedOn: '2008-09' }, prohibitions: TERROR_I, note: '"Returned from <place> to <place> where he resides since <date>"' }),
  L({ file: F2026, ref: 'QDe.019', location: { place: 'Peshawar and Muzaffarabad, Pakistan', observedOn: null }, affiliations: ['Harakat ul-Mujahidin', 'Lashkar-e-Tayyiba', 'Al-Akhtar Trust International', 'Harakat-ul Jihad Islami'], prohibitions: TERROR_E, note: '"Based in <place>" runs into the next cue without a full stop' }),
  L({ file: F2026, ref: 'QDe.098', location: { place: 'northern Iraq', observedOn: null }, affiliations: ['Al-Qaida in Iraq'], prohibitions: TERROR_E, note: '"Located and primarily active in"' }),
  L({ file: F2026, ref: 'QDe.005', location: { place: 'Pakistan', observedOn: null }, affiliations: ['Jaish-i-Mohammed'], prohibitions: TERROR_E, note: 'headquarters location; an "until <date>" about a former entry is no validity' }),
  L({ file: F2017, ref: 'KPi.033', location: { place: 'Syria', observedOn: null }, affiliations: ['DPRK Ministry of State Security'], prohibitions: STD_I, note: '"<Org> Official stationed in <place>"' }),

  // ── identifiers, DPRK shipping companies, flags ──────────────────────────
  L({ file: F2026, ref: 'KPe.020', identifiers: ['imo-company:1790183'], prohibitions: STD_E, note: 'company IMO number that passes the ship check digit by chance; an embargo mentioned is not a measure on the subject' }),
  L({ file: F2026, ref: 'KPe.022', identifiers: ['imo-company:5342883'], prohibitions: STD_E, note: '"IMO Number:" of a shipping company' }),
  L({ file: F2026, ref: 'KPe.066', identifiers: ['imo-company:5434358'], prohibitions: STD_E, note: '"Company Number IMO"' }),
  L({ file: F2026, ref: 'KPe.055', prohibitions: STD_E, note: 'trap: "Panama-flagged vessel" is another vessel’s flag' }),
  L({ file: F2026, ref: 'KPe.061', identifiers: ['imo-company:5936312'], prohibitions: STD_E, note: 'trap: several "DPRK-flagged" tankers' }),
  L({ file: F2026, ref: 'KPe.067', identifiers: ['imo-company:5982254'], prohibitions: STD_E, note: 'trap: "Panama-flagged vessel KOTI" and "DPRK-flagged"' }),
  L({ file: F2026, ref: 'KPe.058', identifiers: ['imo-company:5787684'], prohibitions: STD_E, note: 'owner of vessels; "IMO number:"' }),
  L({ file: F2026, ref: 'KPi.016', identifiers: ['passport:836110034'], prohibitions: STD_I, note: 'diplomatic passport; trap: passport "expires on" is no validity' }),
  L({ file: F2017, ref: 'YEi.005', identifiers: ['identity-card:31/2013/20/003140'], prohibitions: TERROR_I, note: '"Diplomatic identity card no.:" split over lines' }),
  L({ file: F2026, ref: 'LYi.026', identifiers: ['military-id:36479'], prohibitions: [TB, AF], note: '"Military ID is <n>"; "(Travel Ban, Asset Freeze)"' }),
  L({ file: F2026, ref: 'KPe.017', identifiers: ['company-registration:1177053'], prohibitions: STD_E, note: '"Hong Kong company registration number"' }),
  L({ file: F2026, ref: 'IQe.207', identifiers: ['company-registration:02150590'], prohibitions: STD_E, note: '"Registered company number:"; Iraq entity' }),
  L({ file: F2026, ref: 'TAe.010', identifiers: ['tax-id:1774308', 'tax-id:0980338', 'tax-id:3187777', 'licence:044'], prohibitions: TERROR_E, note: 'tax numbers (one split over lines); associates are persons' }),

  // ── affiliations ──────────────────────────────────────────────────────────
  L({ file: F2026, ref: 'QDi.305', affiliations: ['Jemmah Anshorut Tauhid', 'Jemaah Islamiyah'], prohibitions: TERROR_I, note: 'two relation cues without a full stop between them' }),
  L({ file: F2026, ref: 'CDi.036', affiliations: ['ADF'], prohibitions: STD_I, note: '"Longtime member of the ADF (CDe.001)"' }),
  L({ file: F2026, ref: 'TAe.012', affiliations: ['Al-Qaida', 'Islamic Movement of Uzbekistan', 'Tehrik-e Taliban Pakistan', 'Lashkar I Jhangvi', 'Jaish-IMohammed'], prohibitions: TERROR_E, note: '"Linked to" a list of five; its members are persons' }),
  L({ file: F2026, ref: 'CFi.009', affiliations: ['Lord’s Resistance Army'], prohibitions: STD_I, note: '"<Name> is the founder and leader of"' }),
  L({ file: F2026, ref: 'CFi.010', affiliations: ['Lord’s Resistance Army'], prohibitions: STD_I, note: '"is a deputy in the <Org>"; "based with <person>" is no location' }),
  L({ file: F2026, ref: 'CFi.008', affiliations: ['anti-Balaka movement'], prohibitions: STD_I, note: '"associated with the anti-Balaka movement"' }),
  L({ file: F2026, ref: 'CFi.007', affiliations: ['Front Populaire pour la Renaissance de Centrafrique', 'Defense Committee'], prohibitions: STD_I, note: '"a leader of … (not listed)"' }),
  L({ file: F2026, ref: 'KPi.009', affiliations: ['Tanchon Commercial Bank'], prohibitions: STD_I, note: '"is a <Org> (TCB) official"' }),
  L({ file: F2026, ref: 'QDi.419', affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_I, note: 'trap: a licence that expires is no validity' }),
  L({ file: F2026, ref: 'GBi.001', affiliations: ['Military Command'], prohibitions: [TB], note: 'Guinea-Bissau: travel ban only; quoted group name' }),

  // ── measures per regime ───────────────────────────────────────────────────
  L({ file: F2026, ref: 'YEe.001', prohibitions: [AE], note: 'listed only for "(targeted arms embargo)"' }),
  L({ file: F2020, ref: 'MLi.001', prohibitions: [TB], note: 'Mali list, "(Travel Ban)" only; an arrest is not a location' }),
  L({ file: F2026, ref: 'LYe.001', prohibitions: STD_E, note: 'Libya entity, listing paragraph without measure names' }),
  L({ file: F2026, ref: 'HTi.001', affiliations: ['G9 Family and Allies'], prohibitions: TERROR_I, note: 'Haiti: "leads an alliance … known as the "<name>."" (quote after the stop)' }),
  L({ file: F2023, ref: 'HTi.001', affiliations: ['G9 Family and Allies'], prohibitions: ['asset freeze', 'travel ban', 'arms embargo'], note: 'UN_LIST_TYPE "26532022" in this file: read as Haiti (resolution 2653 (2022)), whose table applies' }),
  L({ file: F2026, ref: 'HTi.006', prohibitions: TERROR_I, note: '"Gender: Male." only' }),
  L({ file: F2026, ref: 'SDi.005', prohibitions: STD_I, note: 'Sudan individual' }),
  L({ file: F2026, ref: 'IRi.003', prohibitions: STD_I, note: 'Iran; trap: a prohibition on Iran is not a measure on the subject' }),

  // ── held out: random sample, labelled blind (see `set`) ─────────────────
  ...[
    L({ file: F2026, ref: 'QDe.147', affiliations: ['Jemaah Islamiyah'], prohibitions: TERROR_E, note: '"wing of <Org>"; trap: "Not affiliated with …"' }),
    L({ file: F2026, ref: 'TAi.114', location: { place: 'Afghanistan/Pakistan border area', observedOn: null }, prohibitions: TERROR_I, note: 'holdout' }),
    L({ file: F2026, ref: 'QDi.385', affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_I, note: '"Facilitator for <Org>, listed as …"' }),
    L({ file: F2026, ref: 'QDe.130', prohibitions: TERROR_E, note: 'merger history and operations are no affiliation or location' }),
    L({ file: F2026, ref: 'KPi.008', affiliations: ['Tanchon Commercial Bank'], prohibitions: STD_I, note: 'holdout' }),
    L({ file: F2026, ref: 'QDi.167', location: { place: 'Algeria', observedOn: '2023-11' }, affiliations: ['Katibat Tarek Ibn Ziad of The Organization of Al Qaida in the Islamic Maghreb'], prohibitions: TERROR_I, note: 'holdout' }),
    L({ file: F2026, ref: 'QDe.134', affiliations: ['Organization of Al-Qaida in the Islamic Maghreb'], prohibitions: TERROR_E, note: 'associated with an entity and a person' }),
    L({ file: F2026, ref: 'QDe.002', prohibitions: TERROR_E, note: 'the "which" clause is about Al-Shabaab, not the subject' }),
    L({ file: F2026, ref: 'TAi.067', location: { place: 'Afghanistan/Pakistan border area', observedOn: null }, prohibitions: TERROR_I, note: 'holdout' }),
    L({ file: F2026, ref: 'KPe.052', affiliations: ['Worker’s Party of Korea'], prohibitions: STD_E, note: '"a … body of the <Org>"' }),
    L({ file: F2026, ref: 'IRe.054', prohibitions: STD_E, note: 'holdout' }),
    L({ file: F2026, ref: 'QDi.203', location: { place: 'Iraq', observedOn: '2011-12-06' }, prohibitions: TERROR_I, note: 'released in <place>, relocated to <place>' }),
    L({ file: F2026, ref: 'TAi.047', location: { place: 'Afghanistan/Pakistan border area', observedOn: null }, affiliations: ['Taliban Supreme Council', 'Taliban Cultural Commission'], prohibitions: TERROR_I, note: 'holdout' }),
    L({ file: F2026, ref: 'QDe.161', affiliations: ['Islamic State of Iraq and the Levant'], prohibitions: TERROR_E, note: 'founders’ allegiance' }),
    L({ file: F2026, ref: 'TAi.093', prohibitions: TERROR_I, note: 'tribe only' }),
    L({ file: F2026, ref: 'QDi.298', location: { place: 'Mauritania', observedOn: '2014' }, affiliations: ['Al-Qaida', 'Organization of Al-Qaida in the Islamic Maghreb'], prohibitions: TERROR_I, note: '"He is in <place> since his extradition … in <year>"' }),
    L({ file: F2026, ref: 'LYi.023', prohibitions: [TB, AF], note: 'holdout' }),
    L({ file: F2026, ref: 'QDe.164', affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_E, note: 'allegiance to a person is not an affiliation' }),
    L({ file: F2026, ref: 'QDi.280', affiliations: ["Jama'a Nusrat ul-Islam wa al-Muslimin", 'Organization of Al-Qaida in the Islamic Maghreb'], prohibitions: TERROR_I, note: '"(ACR, ref)" parenthesis; arrest-warrant numbers are no identifiers' }),
    L({ file: F2026, ref: 'TAi.156', affiliations: ['Taliban', 'Taliban’s Military Council'], prohibitions: TERROR_I, note: 'area of activity is no location' }),
    L({ file: F2026, ref: 'QDe.167', affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_E, note: '"2014.Associated" glued' }),
    L({ file: F2026, ref: 'QDi.340', location: { place: 'Syria', observedOn: null }, affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_I, note: '"travelled to <place> and joined <Org>"' }),
    L({ file: F2026, ref: 'QDi.244', location: { place: 'Philippines', observedOn: '2011-05' }, affiliations: ['Rajah Solaiman Movement', 'Abu Sayyaf Group'], prohibitions: TERROR_I, note: 'holdout' }),
    L({ file: F2026, ref: 'KPe.074', identifiers: ['imo-company:5905801'], prohibitions: STD_E, note: 'manager of a vessel; company IMO number' }),
    L({ file: F2026, ref: 'QDi.327', affiliations: ['Jabhat al-Nusrah'], prohibitions: TERROR_I, note: '"A member and regional commander of"' }),
    L({ file: F2026, ref: 'QDi.383', affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_I, note: '"Facilitator for travel of … to join <Org>"' }),
    L({ file: F2026, ref: 'QDi.357', location: { place: 'Syrian Arab Republic', observedOn: null }, affiliations: ['Islamic State in Iraq and the Levant'], prohibitions: TERROR_I, note: '"fighter with <Org> … in <place>"' }),
    L({ file: F2026, ref: 'CDi.014', location: { place: 'Kinshasa', observedOn: '2016-05' }, affiliations: ['FDLR-FOCA'], prohibitions: STD_I, note: 'captured in <place>, transferred to <place>' }),
  ].map((l) => ({ ...l, set: 'holdout' as const })),
]
