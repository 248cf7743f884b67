import * as AccordionPrimitive from '@radix-ui/react-accordion'
import { useId, type ComponentProps, type ReactNode } from 'react'
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
  /**
   * A change the server does not have yet: the entry says so ("Saving…", "Waiting to sync"),
   * and its name stays the title alone.
   */
  status?: string | null
  /** Entries are headings: h2 right under a screen's h1, h3 under a section's h2. */
  headingLevel?: 2 | 3
  /**
   * The spoken name when the title alone does not say what its numbers are ("Score 82, St
   * Andrews, 12 March"). Chrome reads visually hidden spans in a title with spaces around them
   * ("82 , St Andrews"), so a name made of parts is given here whole.
   */
  label?: string
}

export function AccordionItem({
  value,
  title,
  children,
  status = null,
  headingLevel = 3,
  label,
}: AccordionItemProps) {
  const statusId = useId()
  const busy = status !== null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <AccordionPrimitive.Item
      value={value}
      className="accordion__item"
      data-busy={busy || undefined}
    >
      <AccordionPrimitive.Header asChild>
        <Heading className="accordion__header">
          <AccordionPrimitive.Trigger
            className="accordion__trigger"
            // A spoken name given whole must contain every word seen, the status's included.
            aria-label={label && status ? `${label}, ${status}` : label}
            aria-busy={busy || undefined}
            aria-describedby={busy && !label ? statusId : undefined}
          >
            <span className="accordion__title">{title}</span>
            {/* A space, so the seen text reads "… Diff 10.0 Saving…", not "10.0Saving…". */}
            {busy ? ' ' : null}
            {busy ? (
              <span id={statusId} className="accordion__status" aria-hidden="true">
                {status}
              </span>
            ) : null}
            <ChevronIcon className="icon accordion__chevron" />
          </AccordionPrimitive.Trigger>
        </Heading>
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
