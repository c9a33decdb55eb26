/**
 * The calling client's monitors (`/monitors`): create and delete them, see and remove their saved
 * documents, and, when the server has them (the saved-searches extension), their saved searches
 * and the alerts of new documents that match them.
 */
import { useEffect, useState } from 'preact/hooks'
import { type Alert, type AnyResult, type ApiError, type Features, type Monitor, type MonitorDetail, type SavedSearch, call } from './api'
import { useT } from './i18n'
import { contextOf, dateOf, titleOf } from './records'
import { ErrorNote } from './ui'

export function MonitorsScreen({ features }: { features: Features }) {
  const { t } = useT()
  const [monitors, setMonitors] = useState<Monitor[] | undefined>()
  const [name, setName] = useState('')
  const [openId, setOpenId] = useState<string | undefined>()
  const [error, setError] = useState<ApiError | undefined>()
  const [tick, setTick] = useState(0)
  const reload = () => setTick((n) => n + 1)

  useEffect(() => {
    call<{ data: Monitor[] }>('GET', '/monitors')
      .then((m) => (setMonitors(m.data), setError(undefined)))
      .catch((e: ApiError) => setError(e))
  }, [tick])

  const create = async (e: Event) => {
    e.preventDefault()
    try {
      const made = await call<{ id: string }>('POST', '/monitors', { name: name.trim() })
      setName('')
      setOpenId(made.id)
      reload()
    } catch (err) {
      setError(err as ApiError)
    }
  }
  const remove = async (id: string) => {
    try {
      await call('DELETE', `/monitors/${encodeURIComponent(id)}`)
      if (openId === id) setOpenId(undefined)
      reload()
    } catch (err) {
      setError(err as ApiError)
    }
  }

  return (
    <section aria-labelledby="monitors-title">
      <h2 id="monitors-title">{t('monitorsTitle')}</h2>
      <form class="inline" onSubmit={create}>
        <label for="monitor-name">{t('newMonitor')}</label>
        <input id="monitor-name" type="text" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit" class="primary">
          {t('create')}
        </button>
      </form>
      {error && <ErrorNote error={error} />}
      <p role="status" aria-live="polite" class="count-line">
        {monitors === undefined ? t('loading') : monitors.length === 0 ? t('noMonitors') : ''}
      </p>
      <ul class="monitor-list">
        {monitors?.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              class="link"
              aria-expanded={openId === m.id}
              onClick={() => setOpenId(openId === m.id ? undefined : m.id)}
            >
              {m.name}
            </button>{' '}
            <span class="muted small">{t('items', { n: m.items })}</span>{' '}
            <button type="button" class="danger" aria-label={`${t('delete')} ${m.name}`} onClick={() => void remove(m.id)}>
              {t('delete')}
            </button>
            {openId === m.id && <MonitorPanel id={m.id} features={features} onChange={reload} />}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** One monitor: its saved documents per corpus, its saved searches and their alerts. */
function MonitorPanel({ id, features, onChange }: { id: string; features: Features; onChange: () => void }) {
  const { t } = useT()
  const [detail, setDetail] = useState<MonitorDetail | undefined>()
  const [searches, setSearches] = useState<SavedSearch[] | undefined>()
  const [alerts, setAlerts] = useState<Alert[] | undefined>()
  const [error, setError] = useState<ApiError | undefined>()
  const [tick, setTick] = useState(0)
  const path = `/monitors/${encodeURIComponent(id)}`

  useEffect(() => {
    call<MonitorDetail>('GET', path)
      .then(setDetail)
      .catch((e: ApiError) => setError(e))
    if (features.savedSearches)
      call<{ data: SavedSearch[] }>('GET', `${path}/searches`)
        .then((s) => setSearches(s.data))
        // A server without saved searches answers 404: the part stays hidden.
        .catch((e: ApiError) => (e.status === 404 ? setSearches(undefined) : setError(e)))
  }, [id, tick])

  const unsave = async (corpus: string, doc: AnyResult) => {
    try {
      await call('DELETE', `${path}/items/${corpus}/${encodeURIComponent(doc.id)}`)
      setTick((n) => n + 1)
      onChange()
    } catch (err) {
      setError(err as ApiError)
    }
  }
  const forget = async (searchId: string) => {
    try {
      await call('DELETE', `${path}/searches/${encodeURIComponent(searchId)}`)
      setTick((n) => n + 1)
    } catch (err) {
      setError(err as ApiError)
    }
  }
  const check = async () => {
    try {
      setAlerts((await call<{ data: Alert[] }>('GET', `${path}/alerts`)).data)
    } catch (err) {
      setError(err as ApiError)
    }
  }

  const documents = detail ? Object.entries(detail.documents).filter(([, docs]) => docs.length > 0) : []
  return (
    <div class="panel">
      {error && <ErrorNote error={error} />}
      <h3>{t('savedDocuments')}</h3>
      {detail === undefined ? (
        <p>{t('loading')}</p>
      ) : documents.length === 0 ? (
        <p class="muted">—</p>
      ) : (
        documents.map(([corpus, docs]) => (
          <section key={corpus} aria-label={t(`corpus_${corpus}`)}>
            <h4>{t(`corpus_${corpus}`)}</h4>
            <ul class="saved-docs">
              {(docs as AnyResult[]).map((d) => (
                <li key={d.id}>
                  <strong>{titleOf(d)}</strong>{' '}
                  <span class="muted small">
                    {dateOf(d)} · {contextOf(d)}
                  </span>{' '}
                  <button type="button" aria-label={`${t('remove')} ${titleOf(d)}`} onClick={() => void unsave(corpus, d)}>
                    {t('remove')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {searches !== undefined && (
        <>
          <h3>{t('savedSearches')}</h3>
          {searches.length === 0 ? (
            <p class="muted">{t('noSavedSearches')}</p>
          ) : (
            <ul class="saved-searches">
              {searches.map((s) => (
                <li key={s.id}>
                  <strong>{s.name ?? s.id}</strong>{' '}
                  <span class="muted small">
                    {t(`corpus_${s.collection}`)} · {JSON.stringify(s.query ?? {})}
                  </span>{' '}
                  <button type="button" aria-label={`${t('delete')} ${s.name ?? s.id}`} onClick={() => void forget(s.id)}>
                    {t('delete')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {features.alerts && (
            <>
              <h3>{t('alerts')}</h3>
              <button type="button" onClick={() => void check()}>
                {t('checkAlerts')}
              </button>
              <p role="status" aria-live="polite">
                {alerts === undefined ? '' : alerts.length === 0 ? t('noAlerts') : t('alertCount', { n: alerts.length })}
              </p>
              {alerts && alerts.length > 0 && (
                <ul class="alerts">
                  {alerts.map((a) => (
                    <li key={`${a.searchId}:${a.collection}:${a.document.id}`}>
                      <span class="tag">{t(`corpus_${a.collection}`)}</span> <strong>{titleOf(a.document)}</strong>{' '}
                      <span class="muted small">
                        {dateOf(a.document)} · {searches.find((s) => s.id === a.searchId)?.name ?? a.searchId}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      )}
    </div>
  )
}
