import { useRef, useState } from 'react'
import { ConfirmActions, Dialog, openDialog } from '@/components/ui/dialog'
import { formatPlayedOn } from '../lib/played-on'
import type { Round } from '../types'
import { RoundCard, GameResultLine, type CardScore } from './round-card'
import { SideGamesLines, type RoundSideGames } from './side-games-lines'

interface RoundDetailsProps {
  round: Round
  card: CardScore | null
  result?: string | null
  sideGames?: RoundSideGames | null
  name?: string
  onDelete(): void
  /** Null while there is no course to move the round to. */
  onEdit: (() => void) | null
}

/** Edit comes first; Delete asks once more before the round goes. */
export function RoundDetails({
  round,
  card,
  result,
  sideGames,
  name,
  onDelete,
  onEdit,
}: RoundDetailsProps) {
  const [confirming, setConfirming] = useState(false)
  // The round goes once the dialog has let go of focus, so the list can move focus where it wants.
  const confirmed = useRef(false)
  return (
    <>
      <p className="detail detail--strong">{round.courseName}</p>
      <GameResultLine result={result ?? null} />
      <SideGamesLines games={sideGames} />
      {card ? (
        <RoundCard round={round} score={card} />
      ) : (
        <p className="detail">Score: {round.score}</p>
      )}
      <p className="detail">
        Played {formatPlayedOn(round.playedOn)}
        {round.teeName ? ` from the ${round.teeName} tee` : ''} at rating{' '}
        {round.courseRating.toFixed(1)}, slope {round.slopeRating}
        {round.holes === 9 ? ', 9 holes' : ''}
      </p>
      {round.holes === 9 && !name ? <NinesInPairs /> : null}
      <div className="detail__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={onEdit === null}
          onClick={onEdit ?? undefined}
        >
          {name ? `Edit ${name}` : 'Edit Round'}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => openDialog(() => setConfirming(true))}
        >
          {name ? `Delete ${name}` : 'Delete Round'}
        </button>
      </div>
      {confirming ? (
        <Dialog
          open
          onOpenChange={setConfirming}
          title={name ? `Delete the ${name}?` : 'Delete this round?'}
          description={`${round.score} at ${round.courseName}, ${formatPlayedOn(round.playedOn)}. Your index is worked out again without it.`}
          onCloseAutoFocus={(event) => {
            if (!confirmed.current) return
            confirmed.current = false
            event.preventDefault()
            onDelete()
          }}
        >
          <ConfirmActions
            cancelLabel="Keep it"
            confirmLabel={name ? `Delete the ${name}` : 'Delete the round'}
            onConfirm={() => {
              confirmed.current = true
              setConfirming(false)
            }}
          />
        </Dialog>
      ) : null}
    </>
  )
}

export function NinesInPairs() {
  return (
    <p className="detail">
      Nines count in pairs (the WHS 2020 method): in the order played, each nine is added to the
      next one into one 18-hole score.
    </p>
  )
}
