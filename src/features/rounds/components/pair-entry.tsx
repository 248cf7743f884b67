import { useId } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { AccordionItem } from '@/components/ui/accordion'
import { pairNames, pairScore } from '../lib/nine-pairs'
import { formatPlayedOn } from '../lib/played-on'
import { useAttestationsStore } from '../stores/attestations-store'
import type { Round } from '../types'
import { CountsMarks } from './round-card'
import { NinesInPairs, RoundDetails } from './round-details'
import type { RoundMark } from './rounds-list'

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
  // Each nine was signed on its own card, so each has its own marker, or none.
  const attestedBy = useAttestationsStore(
    useShallow((state) => pair.map((round) => state.byRound[round.id])),
  )
  const attested = names
    .flatMap((name, at) => (attestedBy[at] ? [`${name} attested by ${attestedBy[at]}`] : []))
    .join(', ')
  return (
    <AccordionItem
      value={value}
      status={status}
      label={[
        `Score ${total} = ${nines}`,
        course,
        day,
        ...(differential === null ? [] : [`Diff ${differential}`]),
        ...(attested ? [attested] : []),
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
          {attested ? (
            <>
              {' '}
              <span className="round__attested">{attested}</span>
            </>
          ) : null}
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
