import { useState } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { DataError } from '@/lib/data-error'
import { joinCard } from '../api/shared-card-api'

/** Where an invitation link lands: one tap takes the place kept for the golfer. */
export function JoinScreen({
  code,
  playerNo,
  onJoined,
}: {
  code: string
  playerNo: number
  onJoined(cardId: string): void
}) {
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function join() {
    setBusy(true)
    setProblem(null)
    try {
      onJoined(await joinCard(code, playerNo))
    } catch (error) {
      setBusy(false)
      setProblem(
        error instanceof DataError && error.refused
          ? error.message.charAt(0).toUpperCase() + error.message.slice(1)
          : 'No connection: joining needs a signal. Try again.',
      )
    }
  }

  return (
    <div className="screen shared-join">
      <h1>Join a shared card</h1>
      <p>You were invited to score on a group&apos;s card from your own phone.</p>
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
