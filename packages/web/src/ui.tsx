/** Small pieces every screen uses. */
import type { ApiError } from './api'
import { useT } from './i18n'

/** A failure the server told, announced to screen readers (`role="alert"`). */
export function ErrorNote({ error }: { error: ApiError }) {
  const { t } = useT()
  return (
    <p class="error" role="alert">
      {t('error')} {error.status > 0 ? error.status : ''}: {error.message}
    </p>
  )
}
