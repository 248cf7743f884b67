import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { inviteToCard } from '../api/shared-card-api'
import type { CardPlace } from '../types'

// Only the starter's invite needs the QR encoder: its own chunk.
const QrCode = lazy(() => import('./qr-code').then((module) => ({ default: module.QrCode })))

export const joinLink = (code: string, playerNo: number) =>
  `${window.location.origin}/join/${code}/${playerNo}`

/** A code is made once per visit: each call makes a new one, all valid. */
export function InvitePanel({
  cardId,
  waiting,
  renderShare,
}: {
  cardId: string
  waiting: readonly CardPlace[]
  renderShare(text: string, label: string): ReactNode
}) {
  const [code, setCode] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const anyWaiting = waiting.length > 0
  useEffect(() => {
    if (!anyWaiting || code) return
    let active = true
    inviteToCard(cardId).then(
      (made) => {
        if (active) setCode(made)
      },
      () => {
        if (active) setProblem('Invitations need a signal: they appear once you are online.')
      },
    )
    return () => {
      active = false
    }
  }, [cardId, anyWaiting, code])
  if (!anyWaiting) return null
  return (
    <section className="shared-invite" aria-labelledby="shared-invite-title">
      <h2 id="shared-invite-title">Invite your players</h2>
      {problem && !code ? <p className="detail">{problem}</p> : null}
      {code
        ? waiting.map((place) => {
            const link = joinLink(code, place.player_no)
            return (
              <div key={place.player_no} className="shared-invite__place">
                <label htmlFor={`invite-link-${place.player_no}`}>Link for {place.name}</label>
                <input id={`invite-link-${place.player_no}`} readOnly value={link} />
                {renderShare(link, `Share ${place.name}'s link`)}
                <Suspense fallback={null}>
                  <QrCode text={link} label={`QR code of ${place.name}'s link`} />
                </Suspense>
              </div>
            )
          })
        : null}
    </section>
  )
}
