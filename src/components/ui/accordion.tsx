import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useId,
  useMemo,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { ChevronIcon } from './icons'

interface AccordionState {
  open: string | null
  toggle(value: string): void
}

const AccordionContext = createContext<AccordionState>({ open: null, toggle: () => undefined })

const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
}

/** Hand-made, not Radix's: see "Lists are a hand-made WAI-ARIA accordion" in docs/decisions.md. */
export function Accordion({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<string | null>(null)
  const toggle = useCallback(
    (value: string) => setOpen((current) => (current === value ? null : value)),
    [],
  )
  const state = useMemo(() => ({ open, toggle }), [open, toggle])
  return (
    <div className="accordion" onKeyDown={moveBetweenEntries}>
      <AccordionContext.Provider value={state}>{children}</AccordionContext.Provider>
    </div>
  )
}

function moveBetweenEntries(event: KeyboardEvent<HTMLDivElement>) {
  const move = MOVES[event.key]
  const target = event.target as HTMLElement
  if (!move || !target.matches('.accordion__trigger')) return
  const triggers = [...event.currentTarget.querySelectorAll<HTMLElement>('.accordion__trigger')]
  const next = triggers[move(triggers.indexOf(target), triggers.length)]
  if (!next) return
  event.preventDefault()
  next.focus()
}

interface AccordionItemProps {
  value: string
  title: ReactNode
  children: ReactNode
  /** "Saving…" or "Waiting to sync"; the entry's name stays the title alone. */
  status?: string | null
  /** h2 right under a screen's h1, h3 under a section's h2. */
  headingLevel?: 2 | 3
  /** Given whole: Chrome reads visually hidden spans in a title with spaces around them ("82 , St"). */
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
  const { open, toggle } = useContext(AccordionContext)
  const isOpen = open === value
  // The panel is drawn in a deferred render after the tap, so the tap stays short. No initial
  // value: with one, React draws every entry of a list a second time after mounting it.
  const drawn = useDeferredValue(isOpen) && isOpen
  const state = isOpen ? 'open' : 'closed'
  const id = useId()
  const triggerId = `${id}-trigger`
  const panelId = `${id}-panel`
  const statusId = `${id}-status`
  const busy = status !== null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="accordion__item" data-state={state} data-busy={busy || undefined}>
      <Heading className="accordion__header">
        <button
          type="button"
          id={triggerId}
          className="accordion__trigger"
          data-state={state}
          aria-expanded={isOpen}
          aria-controls={panelId}
          data-entry={value}
          onClick={() => toggle(value)}
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
        </button>
      </Heading>
      <div
        id={panelId}
        role="region"
        aria-labelledby={triggerId}
        className="accordion__content"
        hidden={!isOpen}
      >
        {drawn ? <div className="accordion__body">{children}</div> : null}
      </div>
    </div>
  )
}

/** The first entry of a list that does something instead of expanding ("Add a course..."). */
export function AccordionAction(props: ComponentProps<'button'>) {
  return <button type="button" className="accordion__action" {...props} />
}
