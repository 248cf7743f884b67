import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from '@/lib/routing'

export const APP_NAME = 'HCPFast'

/** The route whose heading last mounted; null until the first screen after the page loaded. */
let lastPath: string | null = null

interface PageHeadingProps {
  /** What the screen is, for the document title: "My Courses" → "My Courses · HCPFast". */
  title: string
  className?: string
  children: ReactNode
}

/**
 * A screen's h1. It names the screen in the document title, and on every screen but the first
 * it takes focus, so a screen reader announces the new screen and Tab continues from its top.
 * The first screen leaves focus where the page load put it, so Tab reaches the skip link first.
 */
export function PageHeading({ title, className, children }: PageHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const { pathname } = useLocation()

  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`
  }, [title])

  useEffect(() => {
    // By route, not by mount: a screen that mounts again on the same route (StrictMode, a
    // suspended chunk) must not pull focus back from where the golfer has moved it.
    if (lastPath !== null && lastPath !== pathname) heading.current?.focus()
    lastPath = pathname
  }, [pathname])

  return (
    <h1 ref={heading} tabIndex={-1} className={className}>
      {children}
    </h1>
  )
}
