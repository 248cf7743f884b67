import { FlagIcon } from './flag-icon'
import { APP_NAME, APP_TAGLINE } from './page-heading'

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}

/** index.html's first-load shell again, so a screen reader still knows where it is. */
export function PageLoading() {
  return (
    <main className="app-skeleton" aria-busy="true">
      <span className="brand__mark">
        <FlagIcon />
      </span>
      <h1 className="brand__name">{APP_NAME}</h1>
      <p className="brand__tagline">{APP_TAGLINE}</p>
      <Loading />
    </main>
  )
}
