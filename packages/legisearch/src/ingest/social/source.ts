import { BATCH, batchOf, chunks } from '../batch.js'
import { about, type Kind, CSV, HANDLES } from './about.js'
import { defineSource, type InputFile, type ReadContext, type RecordBatch, type Stage } from '../define.js'
import { fileError } from '../file-error.js'
import { readText, firstLine, headerColumns, readCsv, requireColumns, readsAs } from '../files.js'
import { parseJsonText } from '../json-files.js'
import { deputyId, fillPerson, partyLink, senatorId, stateLink, titleOf } from '../people.js'

/**
 * Parliamentarians' posts (Twitter/X) as the Parlametria/Leggo project publishes them: the tweets
 * that cite propositions (`tweets.csv`, a tweet once per proposition it cites), an account's raw
 * tweets (`tweets_to_process.csv`), and the profiles that name their posters (`perfil_parlamentar.csv`,
 * `parlamentares.csv`; LabHacker's handle list `twitterData.js`). A poster is linked to the
 * stakeholder ids of the Câmara and Senado sources where the profile carries the origin id, and
 * every profile with an origin id is written as that stakeholder (name, party and state as links,
 * the house's title in its neutral form: the files give no sex), unless a house's own files
 * stored it already (then it only gains a party or state it lacks).
 */
const DESCRIPTIONS = [...Object.values(CSV).map((k) => k.description), HANDLES]

type Row = Readonly<Record<string, string>>

/** What a profile says of a poster. */
interface Profile {
  readonly id: string
  readonly name: string
  readonly title: string
  readonly uf: string
  readonly party: string
}

const house = (casa: string) => (/^c[aâ]mara$/i.test(casa.trim()) ? 'camara' : /^senado$/i.test(casa.trim()) ? 'senado' : '')
/** The keys of a poster by house and origin id: none for a blank id (it names no one). */
const idKeys = (casa: string, id: string): string[] => (id.trim() === '' ? [] : [`id:${house(casa)}:${id.trim()}`])
const handleKey = (handle: string) =>
  `h:${handle
    .trim()
    .replace(/^@/, '')
    .replace(/^https?:\/\/(www\.)?(twitter|x)\.com\//i, '')
    .replace(/\/.*$/, '')
    .toLowerCase()}`

function profileOf(casa: string, id: string, name: string, party: string, uf: string): Profile {
  const h = house(casa)
  return {
    id: id.trim() === '' ? '' : h === 'camara' ? deputyId(id.trim()) : h === 'senado' ? senatorId(id.trim()) : '',
    name: name.trim(),
    title: h === 'camara' ? titleOf('deputadoFederal', '') : h === 'senado' ? titleOf('senador', '') : '',
    uf: uf.trim(),
    party: party.trim(),
  }
}

function kindOf(file: InputFile): Kind {
  const line = firstLine(file)
  if (/^export\s+const\s+[A-Za-z_$][\w$]*\s*=\s*\[/.test(line) || line.startsWith('[')) return 'handles'
  const columns = headerColumns(line, ',')
  const kind = (Object.keys(CSV) as Exclude<Kind, 'handles'>[]).find((k) => columns.includes(CSV[k].marker))
  if (kind === undefined) throw fileError(file, 1, `is not a file this source reads (${DESCRIPTIONS.join('; ')})`)
  return kind
}

function rows(file: InputFile, kind: Exclude<Kind, 'handles'>, ctx: ReadContext) {
  return readCsv(file, { delimiter: ',', header: requireColumns(file, CSV[kind].description, CSV[kind].columns) }, ctx)
}

/** The first profile staged under any of the keys (by origin id before handle). */
function posterOf(stage: Map<string, unknown[]>, keys: readonly string[]): Profile | undefined {
  for (const k of keys) {
    const p = stage.get(k)?.[0] as Profile | undefined
    if (p) return p
  }
  return undefined
}

/** `2020-04-17 2:07:17` (Twitter's clock, UTC, written without a zone) or an ISO instant. */
function postedAtOf(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2}):(\d{2})$/.exec(text.trim())
  return m ? `${m[1]}T${(m[2] as string).padStart(2, '0')}:${m[3]}:${m[4]}Z` : text.trim()
}

function postOf(id: string, link: string, text: string, postedAt: string, handle: string, p: Profile | undefined): Record<string, unknown> {
  const username = handle.trim().replace(/^@/, '')
  return {
    id: `social-twitter-${id}`,
    openDataId: id,
    openDataResource: 'twitter',
    resource: 'twitter',
    link,
    text,
    postedAt: postedAtOf(postedAt),
    stakeholder: {
      id: p?.id ?? '',
      name: p?.name ?? '',
      title: p?.title ?? '',
      electoralUF: p?.uf ?? '',
      acronymParty: p?.party ?? '',
      photoUrl: '',
      twitter: username === '' ? '' : `@${username}`,
    },
  }
}

async function* read(files: readonly InputFile[], ctx: ReadContext): AsyncGenerator<RecordBatch> {
  const byKind = new Map<Kind, InputFile[]>()
  for (const f of files) {
    const k = kindOf(f)
    byKind.set(k, [...(byKind.get(k) ?? []), f])
  }
  const profiles: Stage = ctx.stage('profiles')
  // The people the profiles name by origin id (hundreds): the first profile of each, blanks filled by later ones.
  const people = new Map<string, { profile: Profile; resource: string; file: InputFile; line: number }>()
  const person = (casa: string, p: Profile, file: InputFile, line: number) => {
    if (p.id === '') return
    const before = people.get(p.id)
    if (before === undefined) people.set(p.id, { profile: p, resource: house(casa), file, line })
    else {
      const b = before.profile
      // A name written in capitals (perfil_parlamentar.csv) gives way to the same name in mixed case.
      const capitals = (n: string) => n === n.toUpperCase()
      const name = b.name === '' || (capitals(b.name) && p.name !== '' && !capitals(p.name)) ? p.name : b.name
      before.profile = { ...b, name, party: b.party || p.party, uf: b.uf || p.uf }
    }
  }
  for (const file of byKind.get('perfil') ?? []) {
    for await (const { row, line } of rows(file, 'perfil', ctx)) {
      const p = profileOf(
        row['casa'] ?? '',
        row['id_parlamentar'] ?? '',
        row['nome_eleitoral'] ?? '',
        row['partido'] ?? '',
        row['UF'] ?? '',
      )
      for (const k of idKeys(row['casa'] ?? '', row['id_parlamentar'] ?? '')) profiles.add(k, p)
      person(row['casa'] ?? '', p, file, line)
      for (const h of [row['twitter'], row['twitter2 (se houver)']]) if (h && h.trim() !== '') profiles.add(handleKey(h), p)
    }
  }
  for (const file of byKind.get('parlamentares') ?? []) {
    for await (const { row, line } of rows(file, 'parlamentares', ctx)) {
      // `1` + the Câmara's id, `2` + the Senado's code.
      const id = (row['id_parlamentar_parlametria'] ?? '').trim().slice(1)
      const p = profileOf(row['casa'] ?? '', id, row['nome'] ?? '', row['partido'] ?? '', row['uf'] ?? '')
      for (const k of idKeys(row['casa'] ?? '', id)) profiles.add(k, p)
      person(row['casa'] ?? '', p, file, line)
    }
  }
  yield* stakeholdersOf([...people.values()])
  for (const file of byKind.get('handles') ?? []) {
    const text = readText(file, 50_000_000, 'more than a list of handles')
    const list = parseJsonText(
      file,
      text.replace(/^\s*export\s+const\s+[A-Za-z_$][\w$]*\s*=\s*/, '').replace(/;\s*$/, ''),
      'a list of handles',
    )
    if (!Array.isArray(list)) throw fileError(file, null, 'is not a list of handles ([{"nome", "partido", "uf", "twitter"}…])')
    ctx.progress(file, text.length, text.length)
    for (const item of list as Record<string, unknown>[]) {
      const handle = String(item?.['twitter'] ?? '')
      if (handle.trim() === '') continue
      // No origin id: a poster known only by handle is named, not linked to a stakeholder.
      profiles.add(
        handleKey(handle),
        profileOf('', '', String(item['nome'] ?? ''), String(item['partido'] ?? ''), String(item['uf'] ?? '')),
      )
    }
  }
  // The columns of each tweets file, and the keys its poster is looked up by (origin id, then handle).
  const TWEETS = {
    tweets: {
      link: 'status_url',
      at: 'created_at',
      keys: (r: Row) => [...idKeys(r['casa'] ?? '', r['id_parlamentar'] ?? ''), handleKey(r['username'] ?? '')],
    },
    raw: { link: 'url', at: 'date', keys: (r: Row) => [handleKey(r['username'] ?? '')] },
  } as const
  for (const kind of ['tweets', 'raw'] as const) {
    const t = TWEETS[kind]
    for (const file of byKind.get(kind) ?? []) {
      for await (const part of chunks(rows(file, kind, ctx))) {
        const staged = profiles.get(part.flatMap(({ row }) => t.keys(row)))
        yield {
          collection: 'social',
          file,
          records: part.map(({ row: r }) =>
            postOf(r['id_tweet'] ?? '', r[t.link] ?? '', r['text'] ?? '', r[t.at] ?? '', r['username'] ?? '', posterOf(staged, t.keys(r))),
          ),
          lines: part.map((p) => p.line),
          merge: keepPoster,
        }
      }
    }
  }
}

/**
 * The stakeholders of the profiles, in batches per file: not marked active (the files date from
 * 2020); a stakeholder a house's files stored is kept, gaining only a party or state it lacks.
 */
function* stakeholdersOf(people: readonly { profile: Profile; resource: string; file: InputFile; line: number }[]): Generator<RecordBatch> {
  const items = people.map(({ profile: p, resource, file, line }) => ({
    file,
    record: {
      id: p.id,
      openDataId: p.id.replace(/^.*-/, ''),
      openDataResource: resource,
      name: p.name || p.id,
      title: p.title,
      situation: '',
      active: false,
      organs: [...partyLink(p.party, 'social'), ...stateLink(p.uf, 'social')],
    },
    line,
  }))
  for (const file of new Set(items.map((i) => i.file))) {
    const mine = items.filter((i) => i.file === file)
    for (let i = 0; i < mine.length; i += BATCH) yield batchOf('stakeholders', file, mine.slice(i, i + BATCH), fillPerson)
  }
}

/** Parliamentarians' posts (Parlametria/Leggo tweets) with their posters from the profiles. */
export const social = defineSource(about, {
  unmappable: 'refuse',
  // The project's published files (its repository; the dataset is no longer updated).
  remote: {
    base: 'https://raw.githubusercontent.com/parlametria/leggo-twitter-dados/master/',
    files: () => [
      { path: 'data/parlamentares/perfil_parlamentar.csv', kind: 'perfil' },
      { path: 'data/parlamentares/parlamentares.csv', kind: 'parlamentares' },
      { path: 'data/tweets/tweets.csv', kind: 'tweets' },
    ],
    recognizes: (file, kind) => readsAs(() => kindOf(file) === kind),
  },
  read,
})

/**
 * A post whose poster no profile of the call names keeps the poster stored for it (profiles are
 * published apart from the tweets; a tweets file alone must not empty them).
 */
function keepPoster(read: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  const poster = read['stakeholder'] as { id: string; name: string }
  return poster.id === '' && poster.name === '' ? { ...read, stakeholder: stored['stakeholder'] } : read
}
