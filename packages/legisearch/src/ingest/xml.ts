import { pipeline } from 'node:stream'
import { SaxesParser } from 'saxes'
import { LegisearchError } from '../common/errors.js'
import type { InputFile, ReadContext } from './define.js'
import { INGEST_LIMITS } from './limits.js'
import { fileError } from './file-error.js'
import { firstBytes, sizeOf, streamOf } from './files.js'
import { strictUtf8 } from './utf8.js'

/** The name of a file's root element, read from its first bytes (null when there is none). */
export function rootOf(file: InputFile): string | null {
  return rootOfText(firstBytes(file, 4096))
}

/** The name of the root element of an XML text's start (null when there is none). */
export function rootOfText(head: string): string | null {
  const m = /<([A-Za-z_][\w.:-]*)[\s/>]/.exec(head.replace(/^\uFEFF/, '').replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<![^>]*>/g, ''))
  return m ? (m[1] as string) : null
}

/**
 * Parses a whole XML text with fast-xml-parser, as the DOU and RSS readers do: a DOCTYPE that
 * declares entities is refused first (no INLABS act or feed declares any; an external entity would
 * read another file, and nested ones grow without bound), and anything the parser throws becomes
 * a refusal naming the file.
 *
 * @example const doc = parsedXml(parser, file, text, 'an INLABS act')
 */
export function parsedXml(parser: { parse(text: string): unknown }, file: InputFile, text: string, what: string): Record<string, unknown> {
  const entity = /<!ENTITY\b/i.exec(text)
  if (entity) {
    const line = text.slice(0, entity.index).split('\n').length
    throw fileError(file, line, `declares XML entities (<!ENTITY …>), which ${what} never has; refused, nothing read`)
  }
  try {
    return parser.parse(text) as Record<string, unknown>
  } catch (e) {
    throw fileError(file, null, `cannot be read as XML (${(e as Error).message.slice(0, 200)})`)
  }
}

/** One flat record element: its children's texts by name, and the line it starts on. */
export interface XmlRecord {
  readonly record: Readonly<Record<string, string>>
  readonly line: number
}

/**
 * Streams the flat records of an XML file (`<root><record><Field>text</Field>…</record>…</root>`):
 * strict UTF-8 and well-formedness (a truncated file is refused, naming the line), the root
 * checked, memory flat whatever the size.
 */
export async function* readXmlRecords(
  file: InputFile,
  options: { root: string; record: string; what: string },
  ctx: Pick<ReadContext, 'progress' | 'signal'>,
): AsyncGenerator<XmlRecord> {
  const total = sizeOf(file)
  const parser = new SaxesParser({ xmlns: false, position: true })
  const queue: XmlRecord[] = []
  let depth = 0
  let current: Record<string, string> | null = null
  let field: string | null = null
  let text = ''
  let start = 0
  let failure: LegisearchError | null = null
  parser.on('opentag', (tag) => {
    depth++
    if (depth === 1 && tag.name !== options.root) {
      failure ??= fileError(file, parser.line, `is not ${options.what}: its root is <${tag.name}>, not <${options.root}>`)
    } else if (depth === 2 && tag.name === options.record) {
      current = {}
      start = parser.line
    } else if (depth === 3 && current) {
      field = tag.name
      text = ''
    }
  })
  /** An element's text, refused past the field limit (not held whole). */
  const append = (t: string) => {
    if (field === null) return
    text += t
    if (text.length > INGEST_LIMITS.fieldBytes) {
      failure ??= fileError(
        file,
        parser.line,
        `has an element <${field}> whose text is longer than ${INGEST_LIMITS.fieldBytes} characters, the longest field a source file may have (INGEST_LIMITS.fieldBytes); refused`,
      )
      field = null
    }
  }
  parser.on('text', append)
  parser.on('cdata', append)
  parser.on('closetag', () => {
    if (depth === 3 && current && field !== null) {
      current[field] = text
      field = null
    } else if (depth === 2 && current) {
      queue.push({ record: current, line: start })
      current = null
    }
    depth--
  })
  parser.on('error', (e) => {
    failure ??= fileError(file, parser.line, `is not well-formed XML (${e.message.replace(/^[^:]*:\d+:\d+: /, '')})`)
  })
  let read = 0
  const bytes = streamOf(file, ctx.signal)
  bytes.on('data', (chunk: Buffer) => {
    read += chunk.length
    ctx.progress(file, read, total)
  })
  // Characters since the last `<`: text the parser would hold whole before handing it on.
  let run = 0
  for await (const text of pipeline(bytes, strictUtf8(file, 'text'), () => {}) as AsyncIterable<string>) {
    const first = text.indexOf('<')
    if (first !== -1 && run + first <= INGEST_LIMITS.fieldBytes) run = text.length - text.lastIndexOf('<') - 1
    else run += text.length
    if (run > INGEST_LIMITS.fieldBytes) {
      throw fileError(
        file,
        parser.line,
        `holds a text longer than ${INGEST_LIMITS.fieldBytes} characters between two tags, the longest field a source file may have (INGEST_LIMITS.fieldBytes); refused`,
      )
    }
    parser.write(text)
    if (failure) throw failure
    yield* queue.splice(0)
  }
  if (read === 0) throw fileError(file, null, 'is empty')
  parser.close()
  if (failure) throw failure
  yield* queue.splice(0)
}
