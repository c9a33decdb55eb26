/** The shape of one term's postings in a segment (see `segment.ts`), apart so the cursor and the segment share it. */

/** One term's postings in a segment. */
export interface TermPostings {
  /** Documents holding the term. */
  readonly df: number
  /** Per block: how many documents it holds (a merge of appended segments leaves blocks of fewer than 128 before the last). */
  readonly counts: Int32Array
  /** Per block: its last document id. */
  readonly lastDocs: Int32Array
  /** Per block: where it starts in `data`. */
  readonly offsets: Int32Array
  /** Per block: where its documents' positions start in `positions`. */
  readonly positionOffsets: Int32Array
  /** Per block: the largest Σ weight·tf of a document in it. */
  readonly maxWeightedTf: Float64Array
  /** Per block: the smallest document length (tokens over all fields) in it. */
  readonly minLength: Int32Array
  /** The blocks: id gaps, then one frequency frame per field. */
  readonly data: Uint8Array
  /** Per document, per field: the positions as gaps, varints (a stored term reads them on first use). */
  readonly positions: Uint8Array
}
