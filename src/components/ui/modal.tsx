import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { ReactElement, ReactNode } from 'react'
import { afterNextFrame } from '@/lib/slices'

export interface ModalProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  description?: ReactNode
  trigger?: ReactElement
  /** Once the dialog has closed and let go of focus; `preventDefault()` keeps focus from going back. */
  onCloseAutoFocus?: (event: Event) => void
  children: ReactNode
}

/** Loaded by ./dialog on first use, so no screen's first frame evaluates Radix. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  onCloseAutoFocus,
  children,
}: ModalProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      {/* Without a container, Radix mounts the dialog a second time, synchronously, from a layout effect. */}
      <DialogPrimitive.Portal container={document.body}>
        <DialogPrimitive.Overlay className="dialog-overlay" />
        <DialogPrimitive.Content
          className="dialog"
          onOpenAutoFocus={focusFirstFieldOnceDrawn}
          onCloseAutoFocus={onCloseAutoFocus}
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

/** Radix focuses inside the tap's task, forcing style and layout of the whole dialog there; after the
 * frame that draws it, the same focus finds everything done. */
function focusFirstFieldOnceDrawn(event: Event) {
  event.preventDefault()
  const content = event.currentTarget
  if (!(content instanceof HTMLElement)) return
  afterNextFrame(() => {
    if (!content.isConnected || content.contains(document.activeElement)) return
    const field = firstTabbable(content) ?? content
    field.focus()
    if (field instanceof HTMLInputElement) field.select()
  })
}

const CANDIDATES = 'input, select, textarea, button, [tabindex]'

/** Links left out, as Radix does. */
function firstTabbable(container: HTMLElement): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>(CANDIDATES)) {
    if (element.tabIndex < 0 || element.hidden) continue
    if ('disabled' in element && element.disabled) continue
    if (element instanceof HTMLInputElement && element.type === 'hidden') continue
    if (element.checkVisibility?.({ checkVisibilityCSS: true }) === false) continue
    return element
  }
  return null
}
