import { useEffect, useState } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { DataError } from '@/lib/data-error'
import { joinCard, loadCardInvitation } from '../api/shared-card-api'
import type { CardInvitationPlace } from '../types'

/** The database's refusal in the golfer's words, or the want of a signal. */
function problemOf(error: unknown, doing: string): string {
  return error instanceof DataError && error.refused
    ? error.message.charAt(0).toUpperCase() + error.message.slice(1)
    : `No connection: ${doing} needs a signal. Try again.`
}

/** "Sam's card at Home Links, 28 Nov 2026 — join as Ben", from what the code invites to. */
export function describeInvitation(
  places: readonly CardInvitationPlace[],
  playerNo: number,
  formatDay: (day: string) => string,
): string | null {
  const card = places[0]
  if (!card) return null
  const whose = card.starter_name ? `${card.starter_name}'s card` : 'A card'
  const where = `${whose} at ${card.course_name}, ${formatDay(card.played_on)}`
  const place = places.find((each) => each.player_no === playerNo)
  return place ? `${where} — join as ${place.place_name}` : where
}

/** Where an invitation link lands: whose card and which place, then one tap takes the place. */
export function JoinScreen({
  code,
  playerNo,
  formatDay,
  onJoined,
}: {
  code: string
  playerNo: number
  formatDay(day: string): string
  onJoined(cardId: string): void
}) {
  const [problem, setProblem] = useState<string | null>(null)
  const [invitation, setInvitation] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let shown = true
    loadCardInvitation(code).then(
      (places) => {
        if (shown) setInvitation(describeInvitation(places, playerNo, formatDay))
      },
      (error: unknown) => {
        if (shown) setProblem(problemOf(error, 'reading the invitation'))
      },
    )
    return () => {
      shown = false
    }
  }, [code, playerNo, formatDay])

  async function join() {
    setBusy(true)
    setProblem(null)
    try {
      onJoined(await joinCard(code, playerNo))
    } catch (error) {
      setBusy(false)
      setProblem(problemOf(error, 'joining'))
    }
  }

  return (
    <div className="screen shared-join">
      <h1>Join a shared card</h1>
      <p>{invitation ?? 'You were invited to score on a group\u2019s card from your own phone.'}</p>
      <AlertMessage message={problem} onDismiss={() => setProblem(null)} />
      <button
        type="button"
        className="button button--primary button--wide"
        disabled={busy}
        onClick={() => void join()}
      >
        Join the card
      </button>
    </div>
  )
}
