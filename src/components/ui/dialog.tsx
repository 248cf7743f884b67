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
import { loadedModal, loadModal, loadModalWhenIdle, type ModalModule } from './modal-loader'

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
  const [modal, setModal] = useState<ModalModule | null>(open ? loadedModal() : null)
  const [failed, setFailed] = useState(false)
  // Radix takes over for good once opened: swapping back would redraw the trigger and lose focus.
  const loaded = loadedModal()
  if (open && !modal && loaded) setModal(loaded)

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
  const modal = loadedModal()
  if (!modal) throw new Error('DialogClose is drawn only inside an open Dialog')
  return <modal.ModalClose asChild>{children}</modal.ModalClose>
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
