import type { Statements } from './statements.js'

/** The `meta` key of the change counter: the sequence of the latest write that changed a document. */
const COUNTER = 'change_seq'

/**
 * The change sequence of documents, by ingest time (not their dates): every write call that inserts
 * or changes documents takes the next number of a counter in `meta` and stamps each document it
 * wrote with it (`doc_changes`, one row per document, written in the caller's transaction). A
 * document written before schema 10 has no row: sequence 0, older than any saved search. Cheap on
 * the write path: one row per document written, the counter read and written once per call.
 */
export class DocChanges {
  /** The sequence of the write under way, once it changed a document. */
  private seq: number | undefined

  constructor(private readonly st: Statements) {}

  /** Records that the write under way inserted or changed the document at `rowid`. */
  stamp(rowid: number): void {
    this.seq ??= currentChangeSeq(this.st) + 1
    this.st.prepared('INSERT OR REPLACE INTO doc_changes (doc, seq) VALUES (?, ?)').run(rowid, this.seq)
  }

  /** Forgets a removed document's stamp (its rowid may be given to a later document). */
  forget(rowid: number): void {
    this.st.prepared('DELETE FROM doc_changes WHERE doc = ?').run(rowid)
  }

  /** Advances the counter to the write's sequence (before the transaction commits). */
  flush(): void {
    if (this.seq === undefined) return
    this.st
      .prepared('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(COUNTER, this.seq)
    this.seq = undefined
  }

  /** Forgets the write's sequence (the transaction is rolling back). */
  discard(): void {
    this.seq = undefined
  }
}

/** The sequence of the latest write that changed a document (0 before any). */
export function currentChangeSeq(st: Statements): number {
  return (st.prepared('SELECT value FROM meta WHERE key = ?').get(COUNTER) as { value: number } | undefined)?.value ?? 0
}

/** A place in change order: a sequence, and the rowid of the last document taken at it (null: every document of it). */
export interface ChangeCursor {
  readonly seq: number
  readonly doc: number | null
}

/** A document written after a cursor: its rowid, id and change sequence. */
export interface ChangedDoc {
  readonly rowid: number
  readonly id: string
  readonly seq: number
}

/**
 * The documents of `corpus` written after `after` and at or before sequence `upTo`, in change order
 * (sequence, then rowid: oldest write first); removed documents have no stamp. Walks the sequence index.
 */
export function changedAfter(st: Statements, corpus: string, after: ChangeCursor, upTo: number): ChangedDoc[] {
  return st
    .prepared(
      `SELECT c.doc AS rowid, d.id AS id, c.seq AS seq FROM doc_changes c JOIN docs d ON d.rowid = c.doc
       WHERE (c.seq > ? OR (c.seq = ? AND c.doc > ?)) AND c.seq <= ? AND d.corpus = ? ORDER BY c.seq, c.doc`,
    )
    .all(after.seq, after.seq, after.doc ?? Number.MAX_SAFE_INTEGER, upTo, corpus) as ChangedDoc[]
}

/**
 * What is wrong with the change stamps ([] when nothing; a file older than them has none): a stamp
 * without its document, or one past the counter (a later write would not be news).
 */
export function changeProblems(st: Statements): string[] {
  if (st.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'doc_changes'").get() === undefined) return []
  const problems: string[] = []
  const orphans = (st.prepared('SELECT count(*) AS n FROM doc_changes WHERE doc NOT IN (SELECT rowid FROM docs)').get() as { n: number }).n
  if (orphans > 0) problems.push(`doc_changes: ${orphans} change stamps without their document`)
  const newest = (st.prepared('SELECT max(seq) AS s FROM doc_changes').get() as { s: number | null }).s
  const counter = currentChangeSeq(st)
  if (newest !== null && newest > counter) problems.push(`doc_changes: a stamp at sequence ${newest}, past meta change_seq ${counter}`)
  return problems
}
