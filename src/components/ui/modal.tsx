import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { ReactElement, ReactNode } from 'react'

export interface ModalProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  description?: ReactNode
  /** The button that opens the dialog; focus goes back to it when the dialog closes. */
  trigger?: ReactElement
  children: ReactNode
}

/**
 * A modal: focus moves in when it opens and back to the opener when it closes (Radix). Loaded by
 * ./dialog on first use, so no screen's first frame evaluates Radix.
 */
export function Modal({ open, onOpenChange, title, description, trigger, children }: ModalProps) {
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

export const ModalClose = DialogPrimitive.Close
