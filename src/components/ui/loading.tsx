/** A quiet placeholder while something the screen needs is on its way. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}
