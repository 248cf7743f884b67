import type { ReactNode } from 'react'
import { FlagIcon } from '@/components/ui/icons'

/** The frame of the signed-out screens: the product name as the page's heading, then the form. */
export function AuthPage({ tagline, children }: { tagline: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <header className="brand">
          <span className="brand__mark">
            <FlagIcon />
          </span>
          <h1 className="brand__name">HCPFast</h1>
          <p className="brand__tagline">{tagline}</p>
        </header>
        {children}
      </div>
    </main>
  )
}
