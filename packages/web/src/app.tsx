/**
 * The page's shell: the language switch, signing in with an API key (kept in this tab's
 * sessionStorage only), the navigation between the screens (the URL's hash: `#search`,
 * `#watchlist`, `#screen`, `#monitors`) and the screen shown.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { type ApiError, type Features, call, loadFeatures, storeKey, storedKey } from './api'
import { type Lang, LangContext, defaultLang, translator, useT } from './i18n'
import { MonitorsScreen } from './monitors'
import { SearchScreen } from './search'
import { ErrorNote } from './ui'
import { ScreenScreen, WatchlistScreen } from './watchlist'

const SCREENS = ['search', 'watchlist', 'screen', 'monitors'] as const
type Screen = (typeof SCREENS)[number]
const NAV_LABEL = { search: 'navSearch', watchlist: 'navWatchlist', screen: 'navScreen', monitors: 'navMonitors' } as const

const screenOfHash = (): Screen => {
  const name = location.hash.replace(/^#\/?/, '')
  return (SCREENS as readonly string[]).includes(name) ? (name as Screen) : 'search'
}

const LANG = 'legisearch.lang'

export function App() {
  const [lang, setLang] = useState<Lang>(() => {
    const kept = sessionStorage.getItem(LANG)
    return kept === 'en' || kept === 'pt-BR' ? kept : defaultLang(navigator.languages ?? [navigator.language])
  })
  const t = useMemo(() => translator(lang), [lang])
  useEffect(() => {
    document.documentElement.lang = lang
    document.title = `${t('appTitle')} — ${t('tagline')}`
    sessionStorage.setItem(LANG, lang)
  }, [lang])
  const [signedIn, setSignedIn] = useState(() => storedKey() !== null)
  const [features, setFeatures] = useState<Features | undefined>()
  const [error, setError] = useState<ApiError | undefined>()
  useEffect(() => {
    loadFeatures()
      .then(setFeatures)
      .catch((e: ApiError) => setError(e))
  }, [])

  return (
    <LangContext.Provider value={{ lang, t }}>
      <a class="skip" href="#main">
        {t('skip')}
      </a>
      <header class="top">
        <div>
          <h1>{t('appTitle')}</h1>
          <p class="tagline">{t('tagline')}</p>
        </div>
        <div class="top-controls">
          <label for="lang">{t('language')}</label>
          <select id="lang" value={lang} onChange={(e) => setLang(e.currentTarget.value as Lang)}>
            <option value="pt-BR" lang="pt-BR">
              Português
            </option>
            <option value="en" lang="en">
              English
            </option>
          </select>
          {signedIn && (
            <button
              type="button"
              onClick={() => {
                storeKey(null)
                setSignedIn(false)
              }}
            >
              {t('signOut')}
            </button>
          )}
        </div>
      </header>
      {error && <ErrorNote error={error} />}
      {!signedIn ? <SignIn onSignedIn={() => setSignedIn(true)} /> : features && <Workspace features={features} />}
    </LangContext.Provider>
  )
}

/** The key form: the key is checked with one search, then kept for this tab. */
function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useT()
  const [key, setKey] = useState('')
  const [error, setError] = useState<ApiError | undefined>()
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  const submit = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    storeKey(key.trim())
    try {
      await call('GET', '/watchlist?limit=1')
      onSignedIn()
    } catch (err) {
      const failure = err as ApiError
      // A plan without the watchlist still signs in: the key itself is good.
      if (failure.status === 403) onSignedIn()
      else {
        storeKey(null)
        setError(failure)
      }
    } finally {
      setBusy(false)
    }
  }
  return (
    <main id="main" class="sign-in">
      <h2>{t('signInTitle')}</h2>
      <p id="key-help">{t('signInHelp')}</p>
      <form class="inline" onSubmit={submit}>
        <label for="api-key">{t('apiKey')}</label>
        <input
          id="api-key"
          ref={input}
          type="password"
          autoComplete="off"
          spellcheck={false}
          required
          aria-describedby="key-help"
          value={key}
          onInput={(e) => setKey(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('signingIn') : t('signIn')}
        </button>
      </form>
      {error && <ErrorNote error={error} />}
    </main>
  )
}

/** The navigation and the screen the hash names. */
function Workspace({ features }: { features: Features }) {
  const { t } = useT()
  const [screen, setScreen] = useState<Screen>(screenOfHash)
  useEffect(() => {
    const follow = () => setScreen(screenOfHash())
    addEventListener('hashchange', follow)
    return () => removeEventListener('hashchange', follow)
  }, [])
  return (
    <>
      <nav class="tabs" aria-label={t('mainNav')}>
        <ul>
          {SCREENS.map((s) => (
            <li key={s}>
              <a href={`#${s}`} aria-current={screen === s ? 'page' : undefined}>
                {t(NAV_LABEL[s])}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {screen === 'search' && <SearchScreen features={features} />}
        {screen === 'watchlist' && <WatchlistScreen />}
        {screen === 'screen' && <ScreenScreen />}
        {screen === 'monitors' && <MonitorsScreen features={features} />}
      </main>
    </>
  )
}
