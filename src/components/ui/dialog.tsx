import {
  cloneElement,
  startTransition,
  useEffect,
  useState,
  type MouseEvent,
  type ReactElement,
} from 'react'
import { CHUNK_FAILED } from './chunk-boundary'
import type { ModalProps } from './modal'

type ModalModule = typeof import('./modal')

/**
 * Radix's dialog is a fifth of a signed-in screen's code, and no screen opens one in its first
 * frame: it is fetched when the browser is idle after a screen with a dialog is drawn, or on the
 * first tap if that comes sooner. Kept here once loaded, so every later dialog opens at once.
 */
let modalModule: ModalModule | null = null
let modalLoading: Promise<ModalModule> | null = null

/** Loads the dialog's code (once; a failure lets the next call try again). */
export function loadModal(): Promise<ModalModule> {
  modalLoading ??= import('./modal').then(
    (module) => (modalModule = module),
    (error: unknown) => {
      modalLoading = null
      throw error
    },
  )
  return modalLoading
}

let idleLoadScheduled = false

function loadModalWhenIdle(): void {
  if (idleLoadScheduled || modalModule) return
  idleLoadScheduled = true
  const load = () => void loadModal().catch(() => (idleLoadScheduled = false))
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(load, { timeout: 10_000 })
  } else {
    window.setTimeout(load, 2000)
  }
}

/**
 * Opens a dialog from a tap: `show` sets the state that draws it, in a transition. React then
 * builds the dialog in slices after the tap's task, between which the browser takes input, and
 * the tap's own task stays short. Drawn in the tap, the tee dialog with its grid was one task of
 * 110-240 ms on a slow phone (Chromium at 4x CPU); opened in a transition, with the portal and
 * the focus of ./modal, the blocking time of opening it went from a median of 213 ms to 22 ms in
 * eight traces of each.
 */
export function openDialog(show: () => void): void {
  startTransition(show)
}

/** Closing is at once; opening is a transition (see `openDialog`). */
function openOrClose(onOpenChange: (open: boolean) => void) {
  return (open: boolean) => (open ? openDialog(() => onOpenChange(true)) : onOpenChange(false))
}

/**
 * A modal: focus moves in when it opens and back to the opener when it closes (Radix). Until its
 * code is loaded and it is first opened, only the trigger is drawn, with the same name and state
 * as Radix gives it; a tap opens the dialog as soon as the code is in.
 */
export function Dialog(props: ModalProps) {
  const { open, onOpenChange, trigger } = props
  const [modal, setModal] = useState<ModalModule | null>(open ? modalModule : null)
  const [failed, setFailed] = useState(false)
  // Radix takes over for good once opened: swapping back would redraw the trigger and lose focus.
  if (open && !modal && modalModule) setModal(modalModule)

  useEffect(() => {
    if (modal) return
    if (!open) {
      loadModalWhenIdle()
      return
    }
    let current = true
    loadModal().then(
      (module) => {
        if (current) setModal(module)
      },
      () => {
        if (!current) return
        setFailed(true)
        onOpenChange(false)
      },
    )
    return () => {
      current = false
    }
  }, [modal, open, onOpenChange])

  if (modal) return <modal.Modal {...props} onOpenChange={openOrClose(onOpenChange)} />
  const opener = trigger ? (
    <ClosedTrigger
      trigger={trigger}
      onOpen={() => {
        setFailed(false)
        openDialog(() => onOpenChange(true))
      }}
    />
  ) : null
  if (!failed) return opener
  return (
    <>
      {opener}
      <p className="load-error" role="alert">
        {CHUNK_FAILED}
      </p>
    </>
  )
}

/** The trigger as Radix draws it while closed: a button that says it opens a dialog. */
function ClosedTrigger({ trigger, onOpen }: { trigger: ReactElement; onOpen(): void }) {
  const own = trigger.props as { onClick?: (event: MouseEvent<HTMLElement>) => void }
  return cloneElement(trigger as ReactElement<Record<string, unknown>>, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    'data-state': 'closed',
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event)
      if (!event.defaultPrevented) onOpen()
    },
  })
}

/** Wraps a button so that it closes the dialog it is in (drawn only inside an open dialog). */
function DialogClose({ children }: { children: ReactElement }) {
  if (!modalModule) throw new Error('DialogClose is drawn only inside an open Dialog')
  return <modalModule.ModalClose asChild>{children}</modalModule.ModalClose>
}

/** The button that closes a dialog, leaving things as they are. */
export function DialogCancel({ label = 'Cancel' }: { label?: string }) {
  return (
    <DialogClose>
      <button type="button" className="button button--secondary">
        {label}
      </button>
    </DialogClose>
  )
}

/** A form dialog's footer: Cancel closes it, the named button submits the form. */
export function DialogActions({ submitLabel }: { submitLabel: string }) {
  return (
    <div className="form__actions">
      <DialogCancel />
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
    </div>
  )
}

/** A confirmation's footer: the first button keeps things as they are, the second does it. */
export function ConfirmActions({
  cancelLabel,
  confirmLabel,
  onConfirm,
}: {
  cancelLabel: string
  confirmLabel: string
  onConfirm(): void
}) {
  return (
    <div className="form__actions">
      <DialogCancel label={cancelLabel} />
      <button type="button" className="button button--danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
    </div>
  )
}
