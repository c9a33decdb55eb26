/**
 * How a search result of each corpus is shown: its heading, date, a line of context, its
 * highlights (the passages the server marked, as text with `<mark>`, never HTML), and every field
 * of the record in its detail.
 */
import type { AnyResult, Highlight } from './api'
import { useT } from './i18n'

type Fields = Readonly<Record<string, unknown>>

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

/** The record's heading: its title, subject or text. */
export function titleOf(r: AnyResult): string {
  const f = r as Fields
  const title = str(f['title']) || str(f['subject']) || str(f['text'])
  const text = title || str(f['id'])
  return text.length > 160 ? `${text.slice(0, 157)}…` : text
}

/** The record's main date (presented, posted, published), as YYYY-MM-DD. */
export function dateOf(r: AnyResult): string {
  const f = r as Fields
  return (str(f['datePresentation']) || str(f['postedAt']) || str(f['date'])).slice(0, 10)
}

/** A line of context: the type, the authors or poster, the section and organ. */
export function contextOf(r: AnyResult): string {
  const f = r as Fields
  const authors = Array.isArray(f['authors'])
    ? (f['authors'] as Fields[])
        .map((a) => [str(a['name']), [str(a['acronymParty']), str(a['uf'])].filter(Boolean).join('-')].filter(Boolean).join(' '))
        .join(', ')
    : ''
  const stakeholder = typeof f['stakeholder'] === 'object' && f['stakeholder'] !== null ? str((f['stakeholder'] as Fields)['name']) : ''
  return [
    str(f['type']),
    str(f['openDataResource']),
    authors,
    stakeholder,
    str(f['section']),
    str(f['hierarchy']),
    str(f['organ']),
    str(f['resource']),
  ]
    .filter((s) => s !== '')
    .join(' · ')
}

/** The record's own page at its source, when the record gives one. */
export function linkOf(r: AnyResult): string | undefined {
  const f = r as Fields
  const link = str(f['link']) || str(f['url'])
  return /^https?:\/\//.test(link) ? link : undefined
}

/** The monitors holding the record (propositions: `savedPropositions`; others: `savedBuckets`). */
export function savedOf(r: AnyResult): { monitorId: string; monitorName: string }[] {
  const f = r as Fields
  return ((f['savedPropositions'] ?? f['savedBuckets'] ?? []) as { monitorId: string; monitorName: string }[]).slice()
}

/** The passages the server marked, each hit in `<mark>`. */
export function Highlights({ highlights }: { highlights: readonly Highlight[] }) {
  if (highlights.length === 0) return null
  return (
    <ul class="highlights">
      {highlights.slice(0, 3).map((h, i) => (
        <li key={i}>
          <span class="path">{h.path}</span>{' '}
          {h.texts.map((piece, j) => (piece.type === 'hit' ? <mark key={j}>{piece.value}</mark> : <span key={j}>{piece.value}</span>))}
        </li>
      ))}
    </ul>
  )
}

/** A field's value: text as is, lists of names joined, anything else as indented JSON. */
function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span class="muted">—</span>
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return <span class="value">{String(value)}</span>
  return <pre class="json">{JSON.stringify(value, null, 2)}</pre>
}

/** Every field of a record (its highlights and saved references aside), in the order the API gives. */
export function FieldList({ record }: { record: AnyResult }) {
  const { t } = useT()
  const link = linkOf(record)
  const skip = new Set(['highlights', 'savedPropositions', 'savedBuckets', 'corpus'])
  return (
    <>
      {link !== undefined && (
        <p>
          <a href={link} rel="noreferrer noopener" target="_blank">
            {t('officialLink')}
          </a>
        </p>
      )}
      <dl class="fields">
        {Object.entries(record as Fields)
          .filter(([k]) => !skip.has(k))
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>
                <Value value={v} />
              </dd>
            </div>
          ))}
      </dl>
    </>
  )
}
