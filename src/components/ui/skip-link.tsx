import type { ReactNode } from 'react'

/** Without touching the URL: the router owns it. */
export function SkipLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      className="skip-link"
      href={`#${to}`}
      onClick={(event) => {
        const target = document.getElementById(to)
        if (!target) return
        event.preventDefault()
        target.focus()
      }}
    >
      {children}
    </a>
  )
}
