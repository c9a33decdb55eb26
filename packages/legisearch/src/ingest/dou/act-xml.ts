/**
 * The plain shape of an INLABS act file, read with one scan instead of fast-xml-parser's validator
 * and parser: `<xml><article a="…" …><body><Name><![CDATA[…]]></Name><Name />…</body></article></xml>`,
 * attributes double-quoted with only the XML entities, each child of `<body>` once, holding one
 * CDATA section, plain text (no `&`) or nothing. Such a file is well-formed, and what is read is
 * what the parser gives; anything else answers null and goes through the parser (and its errors).
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { InputFile } from '../define.js'
import { fileError } from '../file-error.js'
import { parsedXml } from '../xml.js'

/** What the DOU reader takes from an act file: `<article>`'s attributes and its body's texts (untrimmed). */
export interface ActXml {
  readonly attrs: Readonly<Record<string, string>>
  readonly identifica: string
  readonly ementa: string
  readonly titulo: string
  /** `Texto`: the act's HTML. */
  readonly html: string
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // CDATA (Identifica, Texto) is read as the element's text.
  processEntities: true,
  htmlEntities: true,
})

type Json = Record<string, unknown>

/** The text of an element as fast-xml-parser gives it (a string, an object with `#text`, or absent). */
function textOf(v: unknown): string {
  if (v === undefined || v === null) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'object' && '#text' in (v as Json)) return String((v as Json)['#text'])
  return ''
}

/**
 * An act file read with fast-xml-parser (validated first, so a damaged file is refused naming its
 * line): what `plainAct` does not read.
 *
 * @example parsedAct(file, text).attrs['idMateria']
 */
export function parsedAct(file: InputFile, text: string): ActXml {
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw fileError(file, valid.err.line, `is not well-formed XML (${valid.err.msg}; a truncated file?)`)
  const doc = parsedXml(parser, file, text, 'an INLABS act')
  const article = (doc['xml'] as Json | undefined)?.['article'] as Json | undefined
  if (article === undefined || typeof article !== 'object' || Array.isArray(article)) {
    throw fileError(file, null, 'is not an INLABS act: <xml> holds no single <article>')
  }
  const attrs: Record<string, string> = {}
  for (const [k, v] of Object.entries(article)) if (k.startsWith('@')) attrs[k.slice(1)] = String(v)
  const body = (article['body'] ?? {}) as Json
  return {
    attrs,
    identifica: textOf(body['Identifica']),
    ementa: textOf(body['Ementa']),
    titulo: textOf(body['Titulo']),
    html: textOf(body['Texto']),
  }
}

const NAME = '[A-Za-z_][A-Za-z0-9_.-]*'
/** One attribute: a name and a double-quoted value without `<`, `>`, line breaks or tabs (entities checked apart). */
const ATTRIBUTE = new RegExp(`\\s+(${NAME})="([^"<>\\t\\n\\r]*)"`, 'y')
/** The space XML allows between tags. */
const SPACE = /[ \t\r\n]*/y
/** A child of `<body>`: empty (`<Name/>`, `<Name />`) or opened (`<Name>`). */
const CHILD = new RegExp(`<(${NAME})[ \\t\\r\\n]*(/?)>`, 'y')
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** A reference decoded here: the XML entities, and a character by number (`&#xA;` in `artNotes`). */
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g

/** An attribute value with its references decoded, or null when it holds another `&` or a character XML does not allow. */
function attributeValue(raw: string): string | null {
  if (!raw.includes('&')) return raw
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/.test(raw)) return null
  let ok = true
  const out = raw.replace(REFERENCE, (_m, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name !== undefined) return ENTITIES[name] as string
    const n = dec !== undefined ? Number(dec) : parseInt(hex as string, 16)
    if (!(
      n === 0x9 ||
      n === 0xa ||
      n === 0xd ||
      (n >= 0x20 && n < 0xd800) ||
      (n >= 0xe000 && n < 0xfffe) ||
      (n >= 0x10000 && n <= 0x10ffff)
    )) {
      ok = false
      return ''
    }
    return String.fromCodePoint(n)
  })
  return ok ? out : null
}

/**
 * The children of an element from `at` to its end tag `end` (each once: empty, one CDATA section or
 * plain text), and where its end tag ends; null when they are not of that shape.
 */
function children(text: string, from: number, end: string): { texts: Map<string, string>; at: number } | null {
  const texts = new Map<string, string>()
  let at = from
  for (;;) {
    SPACE.lastIndex = at
    SPACE.exec(text)
    at = SPACE.lastIndex
    if (text.startsWith(end, at)) return { texts, at: at + end.length }
    CHILD.lastIndex = at
    const m = CHILD.exec(text)
    if (m === null) return null
    const name = m[1] as string
    if (texts.has(name)) return null
    at = CHILD.lastIndex
    if (m[2] === '/') {
      texts.set(name, '')
      continue
    }
    let value: string
    if (text.startsWith('<![CDATA[', at)) {
      const close = text.indexOf(']]>', at + 9)
      if (close === -1) return null
      value = text.slice(at + 9, close)
      at = close + 3
    } else {
      const close = text.indexOf('<', at)
      if (close === -1) return null
      value = text.slice(at, close)
      if (value.includes('&') || value.includes('>')) return null
      at = close
    }
    if (!text.startsWith(`</${name}>`, at)) return null
    at += name.length + 3
    texts.set(name, value)
  }
}

/**
 * An act file's `<article>` attributes and `<body>` texts when it has the plain shape, else null.
 *
 * @example plainAct('<xml><article idMateria="1"><body><Texto><![CDATA[<p>a</p>]]></Texto></body></article></xml>')?.html // '<p>a</p>'
 */
export function plainAct(text: string): ActXml | null {
  // An entity declaration, even in a CDATA section, is the parser's path to refuse.
  if (/<!ENTITY/i.test(text)) return null
  let at = 0
  const skipSpace = () => {
    SPACE.lastIndex = at
    SPACE.exec(text)
    at = SPACE.lastIndex
  }
  const literal = (s: string): boolean => {
    if (!text.startsWith(s, at)) return false
    at += s.length
    return true
  }
  if (!literal('<xml>')) return null
  skipSpace()
  if (!literal('<article')) return null
  const attrs: Record<string, string> = {}
  for (;;) {
    ATTRIBUTE.lastIndex = at
    const m = ATTRIBUTE.exec(text)
    if (m === null) break
    const name = m[1] as string
    const value = attributeValue(m[2] as string)
    if (value === null || Object.hasOwn(attrs, name)) return null
    attrs[name] = value
    at = ATTRIBUTE.lastIndex
  }
  skipSpace()
  if (!literal('>')) return null
  skipSpace()
  if (!literal('<body>')) return null
  const body = children(text, at, '</body>')
  if (body === null) return null
  // What follows the body in `<article>` (`<Midias />`) is read for its shape, not kept.
  const rest = children(text, body.at, '</article>')
  if (rest === null || rest.texts.has('body')) return null
  at = rest.at
  skipSpace()
  if (!literal('</xml>')) return null
  skipSpace()
  if (at !== text.length) return null
  const get = (name: string) => body.texts.get(name) ?? ''
  return { attrs, identifica: get('Identifica'), ementa: get('Ementa'), titulo: get('Titulo'), html: get('Texto') }
}
