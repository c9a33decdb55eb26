import { fold } from '../text/fold.js'

/** A proposition identifier: type acronym, number and, when given, year. */
export interface PropositionIdentifier {
  readonly type: string
  readonly number: number
  readonly year?: number
}

/** The lookup keys an identifier answers to: `pl 2630 2020` and `pl 2630`. */
export function identifierKeys(type: string, number: number, year?: number): string[] {
  const base = `${fold(type)} ${number}`
  return year === undefined ? [base] : [`${base} ${year}`, base]
}

/** The key an identifier typed in `q` looks up (the most specific one). */
export function identifierKey(idf: PropositionIdentifier): string {
  return identifierKeys(idf.type, idf.number, idf.year)[0] as string
}
