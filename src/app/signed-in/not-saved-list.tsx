import { useOutboxStore } from '@/stores/outbox'

/** Keeps what the golfer typed on screen until dismissed, so nothing is lost silently. */
export function NotSavedList() {
  const refused = useOutboxStore((state) => state.refused)
  const dismiss = useOutboxStore((state) => state.dismissRefused)
  if (refused.length === 0) return null
  return (
    <section className="not-saved" aria-labelledby="not-saved-heading">
      <h2 id="not-saved-heading" className="not-saved__heading">
        Not saved
      </h2>
      <ul className="not-saved__list">
        {refused.map((change) => (
          <li key={change.key} className="not-saved__item">
            <p className="not-saved__typed">{change.typed}</p>
            <p className="not-saved__why">{change.message}</p>
            <button
              type="button"
              className="button button--quiet not-saved__dismiss"
              aria-label={`Dismiss: ${change.typed}`}
              onClick={() => dismiss(change.key)}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
