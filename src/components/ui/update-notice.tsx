interface UpdateNoticeProps {
  /** A new version of the app is installed and waits for the golfer. */
  open: boolean
  onReload(): void
  onDismiss(): void
}

/**
 * "A new version is ready": announced politely (role="status", a live region that is in the page
 * before anything is put in it), never modal, never taking focus, and never reloading by itself:
 * the golfer chooses the moment, so nothing half-typed is lost. "Later" hides it until the next
 * visit, when the new version starts anyway.
 */
export function UpdateNotice({ open, onReload, onDismiss }: UpdateNoticeProps) {
  return (
    <div className="update-notice" role="status">
      {open ? (
        <div className="update-notice__bar">
          <p className="update-notice__text">A new version is ready.</p>
          <span className="update-notice__actions">
            <button type="button" className="button button--primary" onClick={onReload}>
              Reload
            </button>
            <button type="button" className="button button--quiet" onClick={onDismiss}>
              Later
            </button>
          </span>
        </div>
      ) : null}
    </div>
  )
}
