import type { ReactNode } from 'react'
import { FlagIcon } from '@/components/ui/flag-icon'
import { APP_NAME, PageHeading } from '@/components/ui/page-heading'
import { SkipLink } from '@/components/ui/skip-link'

interface AuthPageProps {
  /** The tagline if not given. */
  title?: string
  tagline: string
  children: ReactNode
}

export function AuthPage({ title, tagline, children }: AuthPageProps) {
  return (
    <>
      <SkipLink to="main">Skip to main content</SkipLink>
      <main id="main" tabIndex={-1} className="auth-page">
        <div className="auth-card">
          <header className="brand">
            <span className="brand__mark">
              <FlagIcon />
            </span>
            <PageHeading title={title ?? tagline} className="brand__name">
              {APP_NAME}
            </PageHeading>
            <p className="brand__tagline">{tagline}</p>
          </header>
          {children}
        </div>
      </main>
    </>
  )
}
