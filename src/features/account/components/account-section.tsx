import type { ReactNode } from 'react'

interface AccountSectionProps {
  /** The heading's id, which labels the section. */
  id: string
  title: string
  /** Drawn as a warning: what it does cannot be undone. */
  danger?: boolean
  children: ReactNode
}

/** One titled part of the account screen. */
export function AccountSection({ id, title, danger = false, children }: AccountSectionProps) {
  return (
    <section
      className={danger ? 'account-section account-danger' : 'account-section'}
      aria-labelledby={id}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}
