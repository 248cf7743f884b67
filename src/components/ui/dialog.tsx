import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { ReactElement, ReactNode } from 'react'

interface DialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  description?: ReactNode
  /** The button that opens the dialog; focus goes back to it when the dialog closes. */
  trigger?: ReactElement
  children: ReactNode
}

/** A modal: focus moves in when it opens and back to the opener when it closes (Radix). */
export function Dialog({ open, onOpenChange, title, description, trigger, children }: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-overlay" />
        <DialogPrimitive.Content
          className="dialog"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className="dialog__title">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="dialog__description">
              {description}
            </DialogPrimitive.Description>
          ) : null}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

/** Wraps a button so that it closes the dialog it is in. */
export const DialogClose = DialogPrimitive.Close

/** A form dialog's footer: Cancel closes it, the named button submits the form. */
export function DialogActions({ submitLabel }: { submitLabel: string }) {
  return (
    <div className="form__actions">
      <DialogClose asChild>
        <button type="button" className="button button--secondary">
          Cancel
        </button>
      </DialogClose>
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
      <DialogClose asChild>
        <button type="button" className="button button--secondary">
          {cancelLabel}
        </button>
      </DialogClose>
      <button type="button" className="button button--danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
    </div>
  )
}
