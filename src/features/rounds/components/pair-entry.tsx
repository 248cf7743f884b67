import { useId, useRef, useState } from 'react'
import { AccordionItem } from '@/components/ui/accordion'
import { ConfirmActions, Dialog, openDialog } from '@/components/ui/dialog'
import { pairNames, pairScore } from '../lib/nine-pairs'
import { formatPlayedOn } from '../lib/played-on'
import type { Round } from '../types'
import { CountsMarks, GameResultLine, RoundCard, type CardScore } from './round-card'
import type { RoundMark } from './rounds-list'
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

function NinesInPairs() {
  return (
    <p className="detail">
      Nines count in pairs (the WHS 2020 method): in the order played, each nine is added to the
      next one into one 18-hole score.
    </p>
  )
}

interface PairEntryProps {
  value: string
  pair: readonly [Round, Round]
  marks: Readonly<Record<string, RoundMark>>
  status: string | null
  onDelete(id: string): void
  onEdit: ((round: Round) => void) | null
}

/** The pair's differential and marks are the same on both nines. */
export function PairEntry({ value, pair, marks, status, onDelete, onEdit }: PairEntryProps) {
  const id = useId()
  const [first, second] = pair
  const mark = marks[second.id] ?? marks[first.id]
  const names = pairNames(pair)
  const { total, nines } = pairScore(pair)
  const course =
    first.courseName === second.courseName
      ? first.courseName
      : `${first.courseName} + ${second.courseName}`
  const day = formatPlayedOn(first.playedOn > second.playedOn ? first.playedOn : second.playedOn)
  const differential = mark?.differential ?? null
  return (
    <AccordionItem
      value={value}
      status={status}
      label={[
        `Score ${total} = ${nines}`,
        course,
        day,
        ...(differential === null ? [] : [`Diff ${differential}`]),
        ...(mark?.counts ? ['Counts'] : []),
        ...(mark?.countsForWhs ? ['Counts for WHS'] : []),
      ].join(', ')}
      title={
        <>
          <span className="round__score">{total}</span>{' '}
          <span className="round__nines" data-testid="pair-score">
            = {nines}
          </span>{' '}
          <span className="round__course">{course}</span> <span className="round__date">{day}</span>
          {differential === null ? null : (
            <>
              {' '}
              <span className="round__differential">Diff {differential}</span>
            </>
          )}
          <CountsMarks mark={mark} />
        </>
      }
    >
      <NinesInPairs />
      {pair.map((round, at) => {
        const name = names[at] as string
        const headingId = `${id}-${at}`
        const card = round.holeScores ? (marks[round.id]?.card ?? null) : null
        return (
          <section key={round.id} className="pair-nine" aria-labelledby={headingId}>
            <h4 id={headingId} className="pair-nine__title">
              {name}: {round.score}
            </h4>
            <RoundDetails
              round={round}
              card={card}
              result={marks[round.id]?.game ?? null}
              sideGames={marks[round.id]?.sideGames ?? null}
              name={name.toLowerCase()}
              onDelete={() => onDelete(round.id)}
              onEdit={onEdit ? () => onEdit(round) : null}
            />
          </section>
        )
      })}
    </AccordionItem>
  )
}
