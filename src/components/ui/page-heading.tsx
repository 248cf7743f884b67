import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'

export const APP_NAME = 'HCPFast'
/** The login screen's tagline, in index.html's first paint too (its largest text, so its LCP). */
export const APP_TAGLINE = 'Your handicap index, always up to date.'

let lastPath: string | null = null

interface PageHeadingProps {
  title: string
  className?: string
  children: ReactNode
}

/** Takes focus on every screen but the first, so a screen reader announces it; the first leaves
 * focus where the page load put it, so Tab reaches the skip link first. */
export function PageHeading({ title, className, children }: PageHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const { pathname } = useLocation()

  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`
  }, [title])

  useEffect(() => {
    // By route, not by mount: a remount on the same route (StrictMode) must not pull focus back.
    if (lastPath !== null && lastPath !== pathname) heading.current?.focus()
    lastPath = pathname
  }, [pathname])

  return (
    <h1 ref={heading} tabIndex={-1} className={className}>
      {children}
    </h1>
  )
}
