/**
 * Zip archives for tests, written with yazl (a different library from the yauzl that src/ reads
 * them with), and a way to break one entry.
 */
import { crc32 } from 'node:zlib'
import yauzl from 'yauzl'
import yazl from 'yazl'

/** A zip of the given files (name → bytes); `compress: false` stores them as they are. */
export async function zipOf(files: Readonly<Record<string, Buffer>>, options: { compress?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name, { compress: options.compress ?? true })
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * A stored (uncompressed) zip of the files with one byte of `name`'s data changed: the archive is
 * well-formed, the entry's CRC-32 no longer matches its bytes.
 */
export async function zipWithBrokenEntry(files: Readonly<Record<string, Buffer>>, name: string): Promise<Buffer> {
  const zip = await zipOf(files, { compress: false })
  const data = files[name] as Buffer
  // The entry's data is stored verbatim: find it after its local header (its CRC identifies it).
  const at = zip.indexOf(data)
  if (at < 0 || crc32(data) === 0) throw new Error(`zipWithBrokenEntry: ${name} not found stored in the archive`)
  const broken = Buffer.from(zip)
  const i = at + Math.floor(data.length / 2)
  broken[i] = (broken[i] as number) ^ 0x20
  return broken
}

/** The files of a zip archive (name → bytes), directories left out. */
export async function zipEntries(path: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
  )
  const out = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject)
    zip.on('end', () => resolve())
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry()
      zip.openReadStream(entry, (e, stream) => {
        if (e || !stream) return reject(e)
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('error', reject)
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
      })
    })
    zip.readEntry()
  })
  return out
}
