interface UpdateNoticeProps {
  open: boolean
  onReload(): void
  onDismiss(): void
}

/** Never modal and never reloading by itself: the golfer chooses the moment, so nothing half-typed
 * is lost. The live region is in the page before anything is put in it. */
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
