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
  /**
   * The blocks' impacts, as Lucene keeps them: per block, the pairs (Σ weight·tf rounded up,
   * document length) no other document of the block beats on both (a longer document scores less,
   * a larger frequency more), shortest first; a block's best score is the best of its pairs'.
   * Flat: `impacts[2i]` the frequency and `impacts[2i + 1]` the length of pair `i`.
   */
  readonly impacts: Int32Array
  /** Per block: where its pairs end in `impacts` (in pairs; a block's start is the previous block's end). */
  readonly impactEnds: Int32Array
  /** The blocks: id gaps, then one frequency frame per field. */
  readonly data: Uint8Array
  /** Per document, per field: the positions as gaps, varints (a stored term reads them on first use). */
  readonly positions: Uint8Array
}
