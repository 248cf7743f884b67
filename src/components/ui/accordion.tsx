import * as AccordionPrimitive from '@radix-ui/react-accordion'
import type { ComponentProps, ReactNode } from 'react'
import { ChevronIcon } from './icons'

/** A list of entries, one open at a time; arrow keys move between entries (Radix). */
export function Accordion({ children }: { children: ReactNode }) {
  return (
    <AccordionPrimitive.Root type="single" collapsible className="accordion">
      {children}
    </AccordionPrimitive.Root>
  )
}

interface AccordionItemProps {
  value: string
  title: ReactNode
  children: ReactNode
  busy?: boolean
}

export function AccordionItem({ value, title, children, busy = false }: AccordionItemProps) {
  return (
    <AccordionPrimitive.Item
      value={value}
      className="accordion__item"
      data-busy={busy || undefined}
    >
      <AccordionPrimitive.Header className="accordion__header">
        <AccordionPrimitive.Trigger className="accordion__trigger" aria-busy={busy || undefined}>
          <span className="accordion__title">{title}</span>
          <ChevronIcon className="icon accordion__chevron" />
        </AccordionPrimitive.Trigger>
      </AccordionPrimitive.Header>
      <AccordionPrimitive.Content className="accordion__content">
        <div className="accordion__body">{children}</div>
      </AccordionPrimitive.Content>
    </AccordionPrimitive.Item>
  )
}

/** The first entry of a list that does something instead of expanding ("Add a course..."). */
export function AccordionAction(props: ComponentProps<'button'>) {
  return <button type="button" className="accordion__action" {...props} />
}
