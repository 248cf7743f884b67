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

/** Radix is fetched when the browser is idle or on the first tap (docs/decisions.md). */
let modalModule: ModalModule | null = null
let modalLoading: Promise<ModalModule> | null = null

/** A failure lets the next call try again. */
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

/** A transition, so React builds the dialog in slices after the tap and the tap's task stays short. */
export function openDialog(show: () => void): void {
  startTransition(show)
}

function openOrClose(onOpenChange: (open: boolean) => void) {
  return (open: boolean) => (open ? openDialog(() => onOpenChange(true)) : onOpenChange(false))
}

/** Until Radix's code is in and it is first opened, only the trigger is drawn, named as Radix would. */
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

function DialogClose({ children }: { children: ReactElement }) {
  if (!modalModule) throw new Error('DialogClose is drawn only inside an open Dialog')
  return <modalModule.ModalClose asChild>{children}</modalModule.ModalClose>
}

export function DialogCancel({ label = 'Cancel' }: { label?: string }) {
  return (
    <DialogClose>
      <button type="button" className="button button--secondary">
        {label}
      </button>
    </DialogClose>
  )
}

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
