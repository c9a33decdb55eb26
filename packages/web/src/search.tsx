/**
 * The search screen: the box (the spec's grammar and modes) over one corpus or, when the server
 * has `POST /search`, every corpus; the chosen corpus's filters with their counts (when the server
 * answers facets); the results with their highlights, paged; a result's detail; saving the search
 * in a monitor (when the server has saved searches).
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { type Features, type FilterSpec, type Found, type Monitor, type SearchAnswer, ApiError, call, queryString } from './api'
import { useT } from './i18n'
import { FieldList, Highlights, contextOf, dateOf, savedOf, titleOf } from './records'
import { ErrorNote } from './ui'

const ALL = 'all'
/** The sorts offered, in this order, where the search takes them. */
const SORTS = ['relevance', 'recently_updated', 'newest', 'older'] as const
const LIMIT = 10
/** Facet values shown per filter, most frequent first. */
const FACET_VALUES = 8

type Dates = Readonly<Record<string, { readonly from: string; readonly to: string }>>

/** A search as sent: the query string's parts and the body's filters. */
interface Request {
  readonly corpus: string
  readonly q: string
  readonly modes: readonly string[]
  readonly sort: string
  readonly page: number
  readonly values: Readonly<Record<string, readonly string[]>>
  readonly dates: Dates
}

/** The body of a search of `corpus`: its list filters that have values, its date ranges that have a day. */
function bodyOf(request: Request, filters: readonly FilterSpec[]): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const f of filters) {
    if (f.kind === 'values') {
      const v = request.values[f.name] ?? []
      if (v.length > 0) body[f.name] = v
    } else {
      const d = request.dates[f.name]
      if (d && (d.from !== '' || d.to !== '')) body[f.name] = { ...(d.from ? { from: d.from } : {}), ...(d.to ? { to: d.to } : {}) }
    }
  }
  return body
}

/** The filters a request of `corpus` may carry: the corpus's own, or only `created_at` across every corpus. */
function filtersOf(features: Features, corpus: string): readonly FilterSpec[] {
  return corpus === ALL ? [{ name: 'created_at', kind: 'dates' }] : (features.filters[corpus] ?? [])
}

/** The query string of a request. */
function queryOf(request: Request, features: Features): string {
  const one = request.corpus !== ALL
  return queryString({
    q: request.q.trim(),
    modes: request.modes.join(','),
    sort: request.sort,
    page: request.page,
    limit: LIMIT,
    facets: one && features.facets ? 'all' : undefined,
    // The server sends only the values shown (an author facet at 1M has ~100k values).
    facetLimit: one && features.facets ? FACET_VALUES : undefined,
    histogram: one && features.histogram ? 'year' : undefined,
  })
}

const splitValues = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')

/** The calling client's monitors (loaded once per screen; an empty list when the plan lacks them). */
export function useMonitors(): { monitors: Monitor[]; reload: () => void } {
  const [monitors, setMonitors] = useState<Monitor[]>([])
  const [tick, setTick] = useState(0)
  useEffect(() => {
    call<{ data: Monitor[] }>('GET', '/monitors')
      .then((m) => setMonitors(m.data))
      .catch(() => setMonitors([]))
  }, [tick])
  return { monitors, reload: () => setTick((n) => n + 1) }
}

export function SearchScreen({ features }: { features: Features }) {
  const { t } = useT()
  const first = features.everything ? ALL : (features.corpora[0] ?? 'propositions')
  const [draft, setDraft] = useState<Request>({ corpus: first, q: '', modes: [], sort: 'relevance', page: 1, values: {}, dates: {} })
  const [valueText, setValueText] = useState<Record<string, string>>({})
  const [request, setRequest] = useState<Request>(draft)
  const [answer, setAnswer] = useState<SearchAnswer | undefined>()
  const [error, setError] = useState<ApiError | undefined>()
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState<Found | undefined>()
  const openedFrom = useRef<string | undefined>(undefined)
  const filters = filtersOf(features, request.corpus)

  useEffect(() => {
    let current = true
    setBusy(true)
    const path = request.corpus === ALL ? '/search' : `/search/${request.corpus}`
    call<SearchAnswer>('POST', `${path}${queryOf(request, features)}`, bodyOf(request, filtersOf(features, request.corpus)))
      .then((a) => {
        if (!current) return
        const results = request.corpus === ALL ? a.results : a.results.map((r) => ({ ...r, corpus: request.corpus }))
        setAnswer({ ...a, results })
        setError(undefined)
      })
      .catch((e: ApiError) => current && (setError(e), setAnswer(undefined)))
      .finally(() => current && setBusy(false))
    return () => {
      current = false
    }
  }, [request, features])

  // Back from a record: focus returns to the button that opened it.
  useEffect(() => {
    if (open === undefined && openedFrom.current !== undefined) document.getElementById(openedFrom.current)?.focus()
  }, [open])

  const submit = (e: Event) => {
    e.preventDefault()
    const values: Record<string, string[]> = {}
    for (const f of filtersOf(features, draft.corpus)) if (f.kind === 'values') values[f.name] = splitValues(valueText[f.name] ?? '')
    const next = { ...draft, values, page: 1 }
    setDraft(next)
    setRequest(next)
    setOpen(undefined)
  }

  const toggleFacet = (filter: string, value: string, on: boolean) => {
    const now = request.values[filter] ?? []
    const values = { ...request.values, [filter]: on ? [...now, value] : now.filter((v) => v !== value) }
    setValueText({ ...valueText, [filter]: (values[filter] ?? []).join(', ') })
    const next = { ...request, values, page: 1 }
    setDraft({ ...draft, values })
    setRequest(next)
  }

  const sortsOf = (corpus: string) => SORTS.filter((s) => (features.sorts[corpus] ?? SORTS).includes(s))
  const changeCorpus = (corpus: string) => {
    const sort = sortsOf(corpus).includes(draft.sort as (typeof SORTS)[number]) ? draft.sort : 'relevance'
    const next = { ...draft, corpus, sort, values: {}, dates: {}, page: 1 }
    setValueText({})
    setDraft(next)
    setRequest(next)
    setOpen(undefined)
  }

  const clear = () => {
    const next = { ...draft, values: {}, dates: {}, page: 1 }
    setValueText({})
    setDraft(next)
    setRequest(next)
  }

  const setDate = (name: string, end: 'from' | 'to', day: string) => {
    const d = draft.dates[name] ?? { from: '', to: '' }
    setDraft({ ...draft, dates: { ...draft.dates, [name]: { ...d, [end]: day } } })
  }

  const toggleMode = (mode: string, on: boolean) =>
    setDraft({ ...draft, modes: on ? [...draft.modes, mode] : draft.modes.filter((m) => m !== mode) })

  const corpora = [...(features.everything ? [ALL] : []), ...features.corpora]
  const p = answer?.pagination

  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title">{t('searchTitle')}</h2>
      <form class="search-form" onSubmit={submit} role="search">
        <div class="row">
          <label for="corpus">{t('corpus')}</label>
          <select id="corpus" value={draft.corpus} onChange={(e) => changeCorpus(e.currentTarget.value)}>
            {corpora.map((c) => (
              <option key={c} value={c}>
                {c === ALL ? t('allCorpora') : t(`corpus_${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div class="row grow">
          <label for="q">{t('query')}</label>
          <input
            id="q"
            type="search"
            value={draft.q}
            maxLength={1000}
            aria-describedby="q-help"
            onInput={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
          />
          <small id="q-help">{t('queryHelp')}</small>
        </div>
        <fieldset class="row">
          <legend>{t('modes')}</legend>
          <label>
            <input
              type="checkbox"
              checked={draft.modes.includes('sensitive')}
              onChange={(e) => toggleMode('sensitive', e.currentTarget.checked)}
            />{' '}
            {t('modeSensitive')}
          </label>
          <label>
            <input
              type="checkbox"
              checked={draft.modes.includes('keyword')}
              onChange={(e) => toggleMode('keyword', e.currentTarget.checked)}
            />{' '}
            {t('modeKeyword')}
          </label>
        </fieldset>
        <div class="row">
          <label for="sort">{t('sort')}</label>
          <select id="sort" value={draft.sort} onChange={(e) => setDraft({ ...draft, sort: e.currentTarget.value })}>
            {sortsOf(draft.corpus).map((s) => (
              <option key={s} value={s}>
                {t(`sort_${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" class="primary">
          {t('search')}
        </button>
      </form>

      <div class="columns">
        <aside class="filters" aria-labelledby="filters-title">
          <h3 id="filters-title">{t('filters')}</h3>
          {!features.facets && <p class="muted small">{t('noFacetsHint')}</p>}
          <form onSubmit={submit}>
            {filtersOf(features, draft.corpus).map((f) =>
              f.kind === 'dates' ? (
                <fieldset key={f.name} class="filter">
                  <legend>{t(`filter_${f.name}`, undefined, f.name)}</legend>
                  <label>
                    {t('from')}{' '}
                    <input
                      type="date"
                      value={draft.dates[f.name]?.from ?? ''}
                      onInput={(e) => setDate(f.name, 'from', e.currentTarget.value)}
                    />
                  </label>
                  <label>
                    {t('to')}{' '}
                    <input
                      type="date"
                      value={draft.dates[f.name]?.to ?? ''}
                      onInput={(e) => setDate(f.name, 'to', e.currentTarget.value)}
                    />
                  </label>
                </fieldset>
              ) : (
                <fieldset key={f.name} class="filter" data-filter={f.name}>
                  <legend>{t(`filter_${f.name}`, undefined, f.name)}</legend>
                  {(answer?.facets?.[f.name] ?? []).slice(0, FACET_VALUES).map((v) => (
                    <label key={v.value} class="facet">
                      <input
                        type="checkbox"
                        checked={(request.values[f.name] ?? []).includes(v.value)}
                        onChange={(e) => toggleFacet(f.name, v.value, e.currentTarget.checked)}
                      />{' '}
                      {v.value === '' ? '—' : v.value} <span class="count">({v.count})</span>
                    </label>
                  ))}
                  <label class="small">
                    <span class="visually-hidden">{t(`filter_${f.name}`, undefined, f.name)}: </span>
                    {t('filterValuesHelp')}
                    <input
                      type="text"
                      name={f.name}
                      value={valueText[f.name] ?? ''}
                      placeholder={f.choices?.join(', ') ?? ''}
                      onInput={(e) => setValueText({ ...valueText, [f.name]: e.currentTarget.value })}
                    />
                  </label>
                </fieldset>
              ),
            )}
            <div class="buttons">
              <button type="submit">{t('search')}</button>
              <button type="button" onClick={clear}>
                {t('clearFilters')}
              </button>
            </div>
          </form>
          {answer?.histogram && answer.histogram.length > 0 && <Histogram bars={answer.histogram} total={answer.pagination.total} />}
        </aside>

        <div class="results" aria-labelledby="results-title">
          <h3 id="results-title">{t('results')}</h3>
          <p role="status" aria-live="polite" class="count-line">
            {busy
              ? t('searching')
              : p
                ? p.total === 0
                  ? t('noResults')
                  : t('resultCount', { total: p.total, page: p.page, pages: p.pages })
                : ''}
          </p>
          {error && <ErrorNote error={error} />}
          {answer?.totals && (
            <p class="small">
              {t('perCorpus')}:{' '}
              {Object.entries(answer.totals)
                .map(([c, n]) => `${t(`corpus_${c}`)} ${n}`)
                .join(' · ')}
            </p>
          )}
          {open ? (
            <RecordDetail record={open} features={features} onBack={() => setOpen(undefined)} />
          ) : (
            <>
              {features.savedSearches && request.corpus !== ALL && <SaveSearch request={request} body={bodyOf(request, filters)} />}
              <ol class="result-list" start={p ? (p.page - 1) * p.limit + 1 : 1}>
                {answer?.results.map((r, i) => (
                  <li key={`${r.corpus}:${r.id}`}>
                    <article>
                      <h4>
                        <button
                          type="button"
                          class="link"
                          id={`open-${i}`}
                          onClick={() => {
                            openedFrom.current = `open-${i}`
                            setOpen(r)
                          }}
                        >
                          {titleOf(r)}
                        </button>
                      </h4>
                      <p class="meta">
                        {request.corpus === ALL && <span class="tag">{t(`corpus_${r.corpus}`)}</span>} {dateOf(r)} · {contextOf(r)}
                      </p>
                      <Highlights highlights={r.highlights} />
                    </article>
                  </li>
                ))}
              </ol>
              {p && p.pages > 1 && (
                <nav class="pager" aria-label={t('pageOf', { page: p.page, pages: p.pages })}>
                  <button type="button" disabled={p.page <= 1} onClick={() => setRequest({ ...request, page: p.page - 1 })}>
                    {t('previous')}
                  </button>
                  <span>{t('pageOf', { page: p.page, pages: p.pages })}</span>
                  <button type="button" disabled={p.page >= p.pages} onClick={() => setRequest({ ...request, page: p.page + 1 })}>
                    {t('next')}
                  </button>
                </nav>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  )
}

/** The results per year (or month), as bars with their numbers. */
function Histogram({ bars, total }: { bars: readonly { period: string; count: number }[]; total: number }) {
  const { t } = useT()
  const max = Math.max(...bars.map((b) => b.count))
  return (
    <figure class="histogram">
      <figcaption>{t('histogram')}</figcaption>
      <ul>
        {bars.map((b) => (
          <li key={b.period}>
            <span class="period">{b.period}</span>
            <span class="bar" style={{ width: `${Math.max(2, (b.count / max) * 100)}%` }} />
            <span class="n">{b.count}</span>
          </li>
        ))}
      </ul>
      <p class="visually-hidden">{total}</p>
    </figure>
  )
}

/** A record's fields, and saving it in a monitor. */
function RecordDetail({ record, onBack }: { record: Found; features: Features; onBack: () => void }) {
  const { t } = useT()
  const { monitors, reload } = useMonitors()
  const [monitor, setMonitor] = useState('')
  const [note, setNote] = useState('')
  const [error, setError] = useState<ApiError | undefined>()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const chosen = monitor || monitors[0]?.id || ''
  const save = async (e: Event) => {
    e.preventDefault()
    try {
      await call('PUT', `/monitors/${encodeURIComponent(chosen)}/items/${record.corpus}/${encodeURIComponent(record.id)}`)
      setNote(t('saved', { name: monitors.find((m) => m.id === chosen)?.name ?? chosen }))
      setError(undefined)
      reload()
    } catch (err) {
      setError(err as ApiError)
    }
  }
  const saved = savedOf(record)
  return (
    <article class="record" aria-labelledby="record-title">
      <button type="button" onClick={onBack}>
        ← {t('back')}
      </button>
      <h4 id="record-title" tabIndex={-1} ref={heading}>
        {titleOf(record)}
      </h4>
      <p class="meta">
        <span class="tag">{t(`corpus_${record.corpus}`)}</span> {dateOf(record)} · {contextOf(record)}
      </p>
      <Highlights highlights={record.highlights} />
      {saved.length > 0 && (
        <p class="small">
          {t('savedIn')}: {saved.map((s) => s.monitorName).join(', ')}
        </p>
      )}
      {monitors.length > 0 && (
        <form class="inline" onSubmit={save}>
          <label for="save-monitor">{t('saveTo')}</label>
          <select id="save-monitor" value={chosen} onChange={(e) => setMonitor(e.currentTarget.value)}>
            {monitors.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
          <button type="submit">{t('save')}</button>
          <span role="status">{note}</span>
        </form>
      )}
      {error && <ErrorNote error={error} />}
      <FieldList record={record} />
    </article>
  )
}

/** Saves the current search in a monitor (the saved-searches extension). */
function SaveSearch({ request, body }: { request: Request; body: Record<string, unknown> }) {
  const { t } = useT()
  const { monitors } = useMonitors()
  const [monitor, setMonitor] = useState('')
  const [name, setName] = useState('')
  const [note, setNote] = useState('')
  const [error, setError] = useState<ApiError | undefined>()
  if (monitors.length === 0) return null
  const chosen = monitor || monitors[0]?.id || ''
  const save = async (e: Event) => {
    e.preventDefault()
    const query: Record<string, string> = { sort: request.sort }
    if (request.q.trim() !== '') query['q'] = request.q.trim()
    if (request.modes.length > 0) query['modes'] = request.modes.join(',')
    try {
      await call('POST', `/monitors/${encodeURIComponent(chosen)}/searches`, {
        collection: request.corpus,
        query,
        body,
        ...(name.trim() === '' ? {} : { name: name.trim() }),
      })
      setNote(t('searchSaved', { name: monitors.find((m) => m.id === chosen)?.name ?? chosen }))
      setError(undefined)
    } catch (err) {
      setError(err as ApiError)
    }
  }
  return (
    <details class="save-search">
      <summary>{t('saveSearch')}</summary>
      <form class="inline" onSubmit={save}>
        <label for="save-search-monitor">{t('monitorOf')}</label>
        <select id="save-search-monitor" value={chosen} onChange={(e) => setMonitor(e.currentTarget.value)}>
          {monitors.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
        <label for="save-search-name">{t('searchName')}</label>
        <input id="save-search-name" type="text" value={name} maxLength={200} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit">{t('save')}</button>
        <span role="status">{note}</span>
      </form>
      {error && <ErrorNote error={error} />}
    </details>
  )
}
