/**
 * `identifiers`: numbers the narrative states, as `kind:value`.
 *
 * IMO numbers. A ship's IMO number (IMO 1234567) carries a check digit: the first six digits
 * weighted 7,6,5,4,3,2, summed, mod 10, equal the seventh. The IMO's unique company and registered
 * owner identification numbers are also 7 digits but use no such check digit.
 *
 * FINDING (all 15 list files, 2017-06 to 2026-02): every IMO number in a UN narrative (16 distinct:
 * KPe.020, KPe.022, KPe.056–058, KPe.061–068, KPe.070, KPe.074, KPe.075) is stated of a designated
 * COMPANY — the DPRK shipping companies designated in 2017–2018 ("IMO number: 5571322", "Company
 * Number IMO 5434358", "International Maritime Organization (IMO) Number: 1790183"). 15 of the 16
 * fail the ship check digit; the 16th, Ocean Maritime Management's 1790183, passes it by chance
 * (one 7-digit number in ten does) but is the company's number all the same. The consolidated list
 * holds no vessel records at all (the 1718 and 1970 Committees keep their designated vessels in
 * separate lists), so no narrative here yields an `imo:` identifier.
 * Rule: `imo:N` only when N passes the ship check AND the number is said of a vessel (the subject is
 * a vessel, or N follows a vessel's name: "vessel X (IMO 9xxxxxx)"), and no "company"/"owner"
 * wording is attached; otherwise `imo-company:N`.
 *
 * Other kinds: passport, national-id, identity-card (other identity cards, e.g. diplomatic),
 * military-id, tax-id (tax numbers, VAT numbers, US Employer Identification Numbers, Italian fiscal
 * codes — written without their inner spaces), company-registration, licence.
 */

/** The IMO ship-number check digit: weights 7..2 on the first six digits, sum mod 10 = seventh. */
export function passesShipImoCheck(n: string): boolean {
  if (!/^\d{7}$/.test(n)) return false
  let sum = 0
  for (let i = 0; i < 6; i++) sum += Number(n[i]) * (7 - i)
  return sum % 10 === Number(n[6])
}

const IMO =
  /\b(?:IMO|International\s+Maritime\s+Organi[sz]ation)(?:\s*\(IMO\))?\s*(?:(company|ship|vessel|owner)\s+)?(?:number|no\.?|#)?\s*[:.]?\s*(\d{7})\b/gi
const VESSEL_BEFORE = /\b(?:vessel|tanker|ship|cargo\s+ship|M\/V|MV|M\/T|MT)\s+[“"]?[\p{Lu}\d][\p{Lu}\d .'’-]*[”"]?\s*[(,]\s*$/u
const COMPANY_BEFORE = /\b(?:company|owner|operator|manager|registered)\b[^.;]{0,25}$/i

interface Rule {
  kind: string
  re: RegExp
  clean?: (v: string) => string
}

const VALUE = '([A-Z0-9][A-Z0-9/-]{2,}[A-Z0-9])'
const RULES: Rule[] = [
  { kind: 'passport', re: new RegExp(`\\bpassport\\s*(?:number|no\\.?|#)?\\s*[:.]?\\s*${VALUE}`, 'gi') },
  {
    kind: 'national-id',
    re: new RegExp(`\\bnational\\s+(?:identification|identity|id)(?:\\s+card)?\\s*(?:number|no\\.?|#)?\\s*[:.]?\\s*${VALUE}`, 'gi'),
  },
  { kind: 'identity-card', re: new RegExp(`(?<!national\\s)\\bidentity\\s+card\\s*(?:number|no\\.?|#)?\\s*[:.]?\\s*${VALUE}`, 'gi') },
  { kind: 'military-id', re: new RegExp(`\\bmilitary\\s+id(?:entity\\s+card)?\\s*(?:number|no\\.?)?\\s*(?:is|:)?\\s*${VALUE}`, 'gi') },
  { kind: 'tax-id', re: new RegExp(`\\b(?:national\\s+)?tax\\s+(?:number|no\\.?|id|identification\\s+number)\\s*[:.]?\\s*${VALUE}`, 'gi') },
  { kind: 'tax-id', re: new RegExp(`\\bVAT\\s+(?:number|no\\.?)\\s*[:.]?\\s*${VALUE}`, 'gi') },
  { kind: 'tax-id', re: /\bemployer\s+identification\s+number(?:\s*\([^)]*\))?\s*[:.]?\s*(\d[\d-]{4,}\d)/gi },
  {
    kind: 'tax-id',
    re: /\bfiscal\s+code\s*[:.]?\s*([A-Z0-9](?:[A-Z0-9]| (?=[A-Z0-9])){12,20}[A-Z0-9])/gi,
    clean: (v) => v.replace(/\s+/g, ''),
  },
  {
    kind: 'company-registration',
    re: new RegExp(
      `\\b(?:company\\s+registration|registered\\s+company|business\\s+registration|commercial\\s+registration|registration|registry)\\s+(?:number|no\\.?)\\s*[:.]?\\s*([A-Z0-9][A-Z0-9/-]*)`,
      'gi',
    ),
  },
  { kind: 'licence', re: new RegExp(`\\blicen[cs]e\\s+(?:number|no\\.?)\\s*[:.]?\\s*([A-Z0-9][A-Z0-9/-]*)`, 'gi') },
]

/** Narrative markers that the subject itself is a vessel. */
const SUBJECT_IS_VESSEL =
  /^(?:the\s+)?(?:vessel|tanker|cargo ship|oil tanker|ship)\b|\b(?:vessel type|type of vessel|flag(?: state)?\s*:|gross tonnage|deadweight|year of build)\b/i

export function identifiersOf(text: string, subjectType: 'individual' | 'entity'): string[] {
  const out: string[] = []
  const subjectIsVessel = subjectType === 'entity' && SUBJECT_IS_VESSEL.test(text)
  IMO.lastIndex = 0
  for (let m = IMO.exec(text); m; m = IMO.exec(text)) {
    const n = m[2] ?? ''
    const before = text.slice(Math.max(0, m.index - 80), m.index)
    const companyWord = (m[1] ?? '').toLowerCase() === 'company' || (m[1] ?? '').toLowerCase() === 'owner' || COMPANY_BEFORE.test(before)
    const ofVessel = subjectIsVessel || VESSEL_BEFORE.test(before) || /^(?:ship|vessel)$/i.test(m[1] ?? '')
    out.push(`${passesShipImoCheck(n) && ofVessel && !companyWord ? 'imo' : 'imo-company'}:${n}`)
  }
  for (const r of RULES) {
    r.re.lastIndex = 0
    for (let m = r.re.exec(text); m; m = r.re.exec(text)) {
      let v = (m[1] ?? '').replace(/[.,;:/-]+$/, '')
      if (r.clean) v = r.clean(v)
      if (!/\d/.test(v)) continue // a number is stated, not a word ("passport of a Syrian")
      out.push(`${r.kind}:${v}`)
    }
  }
  return [...new Set(out)]
}
