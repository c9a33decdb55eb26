/**
 * A snapshot path looked at before SQLite opens it, so that nothing SQLite does on open (create a
 * file, a `-wal`, a `-shm`) happens to a file that is not one: a special file or a directory is
 * refused as not a regular file, a file cut short as damaged, another kind of file or another
 * application's database as not a snapshot; and whether this process may write it.
 */
import { shownPath } from '../common/shown.js'
import { accessSync, closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs'
import { invalid } from '../common/errors.js'
import { SQLITE_MAGIC, corruptFile } from './driver-error.js'

/** `PRAGMA application_id` of a legisearch snapshot ('LGSR'), so no other SQLite file is mistaken for one. */
export const APPLICATION_ID = 0x4c475352

/** What `inspectSnapshotFile` found: whether the file exists, and whether this process may write it. */
export interface SnapshotFile {
  readonly exists: boolean
  readonly writable: boolean
}

/** Bytes of the SQLite file header read here. */
const HEADER = 100

/**
 * Looks at the file a snapshot path names, reading its first 100 bytes at most, and refuses what
 * cannot be a snapshot (see the module's summary). A file beside which a `-wal` or a `-journal`
 * lies is left to SQLite: its header may not match the file while another process writes it.
 *
 * @example inspectSnapshotFile('/dev/null', false) // throws 400 "path: /dev/null is a character device, not a regular file…"
 */
export function inspectSnapshotFile(path: string, readonly: boolean): SnapshotFile {
  let stats: Stats
  try {
    stats = statSync(path)
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return { exists: false, writable: true }
    throw e
  }
  if (!stats.isFile()) throw invalid(`path: ${shownPath(path)} is ${kindOf(stats)}, not a regular file; a snapshot is one regular file`)
  const head = Buffer.alloc(HEADER)
  const fd = openSync(path, 'r')
  let read: number
  try {
    read = readSync(fd, head, 0, HEADER, 0)
    // Its size after the read: another process may be making the file at this moment (it grew
    // since the stat), where a /proc file stays at size 0 whatever it reads.
    stats = fstatSync(fd)
  } finally {
    closeSync(fd)
  }
  if (read > stats.size) {
    throw invalid(
      `path: ${shownPath(path)} is not a regular file (it reads more bytes than its size of ${stats.size}, as files of /proc and /sys do); a snapshot is one regular file`,
    )
  }
  const file = { exists: true, writable: canWrite(path) }
  if (stats.size === 0) {
    if (readonly) throw invalid(`path: ${shownPath(path)} is empty, not a legisearch snapshot; open it without readonly to make it one`)
    return file
  }
  // A `-wal` (a checkpoint may be copying pages in), or a `-journal` (another process making the
  // file, or a transaction to roll back): the header may not match the file yet; SQLite decides.
  const beside = (suffix: string) => {
    try {
      statSync(`${path}${suffix}`)
      return true
    } catch {
      return false
    }
  }
  if (beside('-wal') || beside('-journal')) return file
  checkHeader(path, head.subarray(0, read), stats.size, readonly)
  return file
}

function checkHeader(path: string, head: Buffer, size: number, readonly: boolean): void {
  const magic = head.subarray(0, SQLITE_MAGIC.length)
  if (!magic.equals(SQLITE_MAGIC.subarray(0, magic.length))) {
    throw invalid(`path: ${shownPath(path)} is not a legisearch snapshot (not an SQLite database); nothing was written to it`)
  }
  if (head.length < HEADER) throw corruptFile(path, `truncated to ${size} bytes, shorter than an SQLite header`)
  const raw = head.readUInt16BE(16)
  const pageSize = raw === 1 ? 65536 : raw
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) throw corruptFile(path, `its header gives an invalid page size (${raw})`)
  // The page count in the header is valid when its "version valid for" equals the change counter.
  const counted = head.readUInt32BE(92) === head.readUInt32BE(24) ? head.readUInt32BE(28) : 0
  if (counted * pageSize > size) {
    throw corruptFile(path, `truncated: ${size} bytes, where its header counts ${counted} pages of ${pageSize} bytes`)
  }
  const pages = counted > 0 ? counted : Math.ceil(size / pageSize)
  const appId = head.readUInt32BE(68)
  if (appId === APPLICATION_ID) return
  if (appId !== 0 || pages > 1) {
    throw invalid(`path: ${shownPath(path)} is an SQLite database but not a legisearch snapshot; nothing was written to it`)
  }
  if (readonly)
    throw invalid(
      `path: ${shownPath(path)} is an empty SQLite database, not a legisearch snapshot; open it without readonly to make it one`,
    )
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isFIFO()) return 'a named pipe'
  if (stats.isSocket()) return 'a socket'
  return 'a special file'
}

/**
 * Whether this process can write the snapshot: the file and, when they exist, its `-wal` and `-shm`
 * (left by another user's connection, they make every write fail as the file itself would).
 */
function canWrite(path: string): boolean {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      accessSync(file, constants.W_OK)
    } catch (e) {
      if (file !== path && (e as { code?: string }).code === 'ENOENT') continue
      return false
    }
  }
  return true
}
