import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { ConfirmActions, Dialog } from '@/components/ui/dialog'
import { currentHoleNumber, readCard, removeCard } from '../lib/card'
import { useCardStore } from '../stores/card-store'
import { ShareResult } from './share-result'

interface ResumeRoundProps {
  userId: string
  /** A round this device already has (or is sending): its card was finished, so it goes. */
  isKnownRound(id: string): boolean
  /** Drawn when there is no card: the way to start one. */
  children: React.ReactNode
}

/** Tiny on purpose: the card itself is the /play chunk, fetched on tap. */
export function ResumeRound({ userId, isKnownRound, children }: ResumeRoundProps) {
  const [card, setCard] = useState(() => readCard(userId))
  const [confirming, setConfirming] = useState(false)
  const finished = card !== null && isKnownRound(card.id)
  const saved = useCardStore((state) => state.saved)
  const result = useCardStore((state) => state.result)

  useEffect(() => {
    if (finished) removeCard(userId)
  }, [finished, userId])

  if (!card || finished) {
    return (
      <>
        {saved ? (
          <p className="play-entry__saved" role="status">
            {saved}
          </p>
        ) : null}
        {saved && result ? <ShareResult text={result} /> : null}
        {children}
      </>
    )
  }
  const where = `${card.courseName}, hole ${currentHoleNumber(card)}`
  return (
    <div className="play-entry__resume">
      <p>
        A round is being scored on this device. Your other devices see it once you finish it here.
      </p>
      <div className="play-entry__actions">
        <Link to={`/play/${card.id}`} className="button button--primary">
          Resume round at {where}
        </Link>
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Discard this round?"
          description={`The scorecard at ${where} is deleted from this device. Nothing of it is saved.`}
          trigger={
            <button type="button" className="button button--secondary">
              Discard
            </button>
          }
        >
          <ConfirmActions
            cancelLabel="Keep scoring"
            confirmLabel="Discard round"
            onConfirm={() => {
              removeCard(userId)
              setCard(null)
              setConfirming(false)
            }}
          />
        </Dialog>
      </div>
    </div>
  )
}
