import { useEffect, useRef } from 'react'

interface AlertMessageProps {
  message: string | null
  onDismiss(): void
}

/** In the page (or the open dialog), never a separate window, so nothing typed is lost. */
export function AlertMessage({ message, onDismiss }: AlertMessageProps) {
  const okButton = useRef<HTMLButtonElement>(null)
  const focusBefore = useRef<HTMLElement | null>(null)

  useEffect(() => {
    if (!message) return
    const active = document.activeElement
    if (active instanceof HTMLElement && active !== okButton.current) focusBefore.current = active
    okButton.current?.focus()
  }, [message])

  if (!message) return null

  function dismiss() {
    const returnTo = focusBefore.current
    focusBefore.current = null
    onDismiss()
    if (returnTo?.isConnected) returnTo.focus()
  }

  return (
    <div role="alert" className="alert">
      <p className="alert__text">{message}</p>
      <button
        ref={okButton}
        type="button"
        className="button button--quiet alert__ok"
        onClick={dismiss}
      >
        OK
      </button>
    </div>
  )
}
