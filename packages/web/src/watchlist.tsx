/**
 * The sanctions watchlist (`GET /watchlist`, `GET /watchlist/{ref}`) and screening names against
 * it (`POST /watchlist/screen`): names pasted one per line or read from a CSV file, each with its
 * best matches, scores and reasons.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { type ApiError, type DesignationDetail, type ScreenEntry, type ScreenResponse, type WatchlistPage, call, queryString } from './api'
import { entriesOfCsv } from './csv'
import { useT } from './i18n'
import { ErrorNote } from './ui'

const PAGE = 20

export function WatchlistScreen() {
  const { t } = useT()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const [subjectType, setSubjectType] = useState('')
  const [query, setQuery] = useState({ search: '', status: '', subjectType: '', offset: 0 })
  const [page, setPage] = useState<WatchlistPage | undefined>()
  const [error, setError] = useState<ApiError | undefined>()
  const [open, setOpen] = useState<DesignationDetail | undefined>()
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    call<WatchlistPage>('GET', `/watchlist${queryString({ ...query, limit: PAGE })}`)
      .then((p) => (setPage(p), setError(undefined)))
      .catch((e: ApiError) => setError(e))
  }, [query])
  useEffect(() => {
    if (open) heading.current?.focus()
  }, [open])

  const submit = (e: Event) => {
    e.preventDefault()
    setOpen(undefined)
    setQuery({ search, status, subjectType, offset: 0 })
  }
  const show = (ref: string) =>
    call<DesignationDetail>('GET', `/watchlist/${encodeURIComponent(ref)}`)
      .then(setOpen)
      .catch((e: ApiError) => setError(e))

  return (
    <section aria-labelledby="watchlist-title">
      <h2 id="watchlist-title">{t('watchlistTitle')}</h2>
      <form class="search-form" onSubmit={submit} role="search">
        <div class="row grow">
          <label for="wl-search">{t('watchlistSearch')}</label>
          <input id="wl-search" type="search" value={search} maxLength={500} onInput={(e) => setSearch(e.currentTarget.value)} />
        </div>
        <div class="row">
          <label for="wl-status">{t('status')}</label>
          <select id="wl-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">{t('any')}</option>
            <option value="listed">{t('listed')}</option>
            <option value="delisted">{t('delisted')}</option>
          </select>
        </div>
        <div class="row">
          <label for="wl-type">{t('subjectType')}</label>
          <select id="wl-type" value={subjectType} onChange={(e) => setSubjectType(e.currentTarget.value)}>
            <option value="">{t('any')}</option>
            <option value="individual">{t('individual')}</option>
            <option value="entity">{t('entity')}</option>
          </select>
        </div>
        <button type="submit" class="primary">
          {t('search')}
        </button>
      </form>
      <p role="status" aria-live="polite" class="count-line">
        {page ? t('designations', { total: page.total }) : ''}
      </p>
      {error && <ErrorNote error={error} />}
      {open ? (
        <article class="record" aria-labelledby="designation-title">
          <button type="button" onClick={() => setOpen(undefined)}>
            ← {t('back')}
          </button>
          <h3 id="designation-title" tabIndex={-1} ref={heading}>
            {open.primaryName} <span class="muted">({open.sourceRefNumber})</span>
          </h3>
          <dl class="fields">
            <div>
              <dt>{t('status')}</dt>
              <dd>{t(open.status)}</dd>
            </div>
            <div>
              <dt>{t('regime')}</dt>
              <dd>{open.regime}</dd>
            </div>
            <div>
              <dt>{t('listedOn')}</dt>
              <dd>{open.listedOn ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('nationalities')}</dt>
              <dd>{open.nationalities.join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>{t('aliases')}</dt>
              <dd>{open.aliases.map((a) => `${a.name} (${a.quality})`).join('; ') || '—'}</dd>
            </div>
            <div>
              <dt>{t('narrative')}</dt>
              <dd class="narrative">{open.narrative}</dd>
            </div>
          </dl>
        </article>
      ) : (
        page && (
          <>
            <table class="table">
              <caption class="visually-hidden">{t('designations', { total: page.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ref')}</th>
                  <th scope="col">{t('name')}</th>
                  <th scope="col">{t('regime')}</th>
                  <th scope="col">{t('status')}</th>
                  <th scope="col">{t('listedOn')}</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((d) => (
                  <tr key={d.sourceRefNumber}>
                    <td>{d.sourceRefNumber}</td>
                    <td>
                      <button type="button" class="link" onClick={() => void show(d.sourceRefNumber)}>
                        {d.primaryName}
                      </button>
                    </td>
                    <td>{d.regime}</td>
                    <td>{t(d.status)}</td>
                    <td>{d.listedOn ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav class="pager" aria-label={t('designations', { total: page.total })}>
              <button
                type="button"
                disabled={query.offset === 0}
                onClick={() => setQuery({ ...query, offset: Math.max(0, query.offset - PAGE) })}
              >
                {t('previous')}
              </button>
              <span>{t('pageOf', { page: Math.floor(query.offset / PAGE) + 1, pages: Math.max(1, Math.ceil(page.total / PAGE)) })}</span>
              <button
                type="button"
                disabled={query.offset + PAGE >= page.total}
                onClick={() => setQuery({ ...query, offset: query.offset + PAGE })}
              >
                {t('next')}
              </button>
            </nav>
          </>
        )
      )}
    </section>
  )
}

export function ScreenScreen() {
  const { t } = useT()
  const [names, setNames] = useState('')
  const [fileEntries, setFileEntries] = useState<{ file: string; entries: ScreenEntry[] } | undefined>()
  const [threshold, setThreshold] = useState('0.8')
  const [includeDelisted, setIncludeDelisted] = useState(false)
  const [answer, setAnswer] = useState<ScreenResponse | undefined>()
  const [error, setError] = useState<ApiError | undefined>()
  const [busy, setBusy] = useState(false)

  const readFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0]
    if (!file) return setFileEntries(undefined)
    setFileEntries({ file: file.name, entries: entriesOfCsv(await file.text()) })
  }

  const submit = async (e: Event) => {
    e.preventDefault()
    const typed = names
      .split(/\r?\n/)
      .map((n) => n.trim())
      .filter((n) => n !== '')
      .map((name) => ({ name }))
    const entries = [...typed, ...(fileEntries?.entries ?? [])]
    setBusy(true)
    try {
      setAnswer(await call<ScreenResponse>('POST', '/watchlist/screen', { entries, threshold: Number(threshold), includeDelisted }))
      setError(undefined)
    } catch (err) {
      setError(err as ApiError)
      setAnswer(undefined)
    } finally {
      setBusy(false)
    }
  }

  const withMatches = answer?.results.filter((r) => r.matches.length > 0).length ?? 0
  return (
    <section aria-labelledby="screen-title">
      <h2 id="screen-title">{t('screenTitle')}</h2>
      <form class="stack" onSubmit={submit}>
        <label for="screen-names">{t('screenNames')}</label>
        <textarea id="screen-names" rows={6} value={names} onInput={(e) => setNames(e.currentTarget.value)} />
        <label for="screen-file">{t('screenFile')}</label>
        <input id="screen-file" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readFile(e.currentTarget)} />
        {fileEntries && <p class="small">{t('fileLoaded', { n: fileEntries.entries.length, file: fileEntries.file })}</p>}
        <div class="inline">
          <label for="screen-threshold">{t('threshold')}</label>
          <input
            id="screen-threshold"
            type="number"
            min="0"
            max="1"
            step="0.05"
            value={threshold}
            onInput={(e) => setThreshold(e.currentTarget.value)}
          />
          <label>
            <input type="checkbox" checked={includeDelisted} onChange={(e) => setIncludeDelisted(e.currentTarget.checked)} />{' '}
            {t('includeDelisted')}
          </label>
        </div>
        <div>
          <button type="submit" class="primary" disabled={busy}>
            {t('screen')}
          </button>
        </div>
      </form>
      <p role="status" aria-live="polite" class="count-line">
        {busy ? t('screening') : answer ? t('screened', { n: answer.results.length, m: withMatches }) : ''}
      </p>
      {error && <ErrorNote error={error} />}
      {answer && (
        <table class="table screen-results">
          <caption class="visually-hidden">{t('screened', { n: answer.results.length, m: withMatches })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('entry')}</th>
              <th scope="col">{t('score')}</th>
              <th scope="col">{t('matchedName')}</th>
              <th scope="col">{t('ref')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('reasons')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.results.flatMap((r, i) =>
              r.matches.length === 0
                ? [
                    <tr key={`${i}`}>
                      <th scope="row">{r.name}</th>
                      <td colSpan={5} class="muted">
                        {t('noMatch')}
                      </td>
                    </tr>,
                  ]
                : r.matches.map((m, j) => (
                    <tr key={`${i}-${j}`}>
                      <th scope="row">{j === 0 ? r.name : ''}</th>
                      <td class="score">{m.score.toFixed(2)}</td>
                      <td>{m.matchedName}</td>
                      <td>{m.ref}</td>
                      <td>{t(m.status)}</td>
                      <td class="small">{m.reasons.join('; ')}</td>
                    </tr>
                  )),
            )}
          </tbody>
        </table>
      )}
    </section>
  )
}
