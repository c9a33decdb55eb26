/**
 * What one ingest call may read, in one place: archives are budgeted on the bytes they unpack to
 * (not their size on disk), and every source file is read within a longest line, a longest field
 * (a CSV field, a JSON string, an XML element's text) and, for JSON, a deepest nesting. A file
 * over any of them is refused (400 `invalid_parameters`) naming the file, the archive entry and the
 * line, and saying the limit; nothing of the call is written.
 *
 * The real files are far below each: the longest line of the shared data is 350 kB (a Câmara API
 * page), its longest CSV field 2.4 kB, its most compressed archive entry 14:1, its deepest JSON 11.
 */
export const INGEST_LIMITS = {
  /** Files one call may unpack from archives, archives inside archives included. */
  archiveEntries: 100_000,
  /** Bytes one call may unpack from archives in all (uncompressed). */
  archiveBytes: 10_000_000_000,
  /** Bytes one archive entry (or a gzip file's content) may unpack to. */
  entryBytes: 2_000_000_000,
  /**
   * How many times its compressed size an entry may unpack to (past `ratioFloor` bytes): a
   * compression bomb (gigabytes of one byte in a few MB) is refused as it starts to unpack.
   */
  compressionRatio: 100,
  /** Unpacked bytes any entry may reach whatever its ratio (a tiny file compresses well). */
  ratioFloor: 1_000_000,
  /** Bytes of one line of a text file (CSV, XML; JSON is checked by its strings instead). */
  lineBytes: 10_000_000,
  /** Length of one field: a CSV field (characters), a JSON string or an XML element's text (bytes). */
  fieldBytes: 5_000_000,
  /** How deep arrays and objects may nest in a JSON file. */
  jsonDepth: 64,
} as const

export type IngestLimits = typeof INGEST_LIMITS
