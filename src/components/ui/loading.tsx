import { FlagIcon } from './flag-icon'
import { APP_NAME } from './page-heading'

/** A quiet placeholder while something the screen needs is on its way. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}

/**
 * A whole page whose code is on its way: index.html's first-load shell drawn again (its main
 * landmark and heading), so a screen reader and a golfer still know where they are.
 */
export function PageLoading() {
  return (
    <main className="app-skeleton" aria-busy="true">
      <span className="brand__mark">
        <FlagIcon />
      </span>
      <h1 className="brand__name">{APP_NAME}</h1>
      <Loading />
    </main>
  )
}
