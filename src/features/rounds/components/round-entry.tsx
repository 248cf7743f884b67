import { AccordionItem } from '@/components/ui/accordion'
import { nineName } from '../lib/nine-pairs'
import { useAttestationsStore } from '../stores/attestations-store'
import { formatPlayedOn } from '../lib/played-on'
import type { Round } from '../types'
import { RoundDetails } from './round-details'
import { CountsMarks } from './round-card'
import type { RoundMark } from './rounds-list'

export function nineNote(
  round: Pick<Round, 'holes' | 'nine'>,
  mark: RoundMark | undefined,
): string | null {
  if (round.holes !== 9) return null
  if (mark?.differential === null || mark === undefined) {
    return round.nine === null
      ? 'Waiting for another nine'
      : `${nineName(round)}, waiting for another nine`
  }
  return mark.pairedWith ? `Paired with the nine of ${mark.pairedWith}` : 'Paired nine'
}

interface RoundEntryProps {
  round: Round
  mark: RoundMark | undefined
  /** "Saving…" or "Waiting to sync", or null. */
  status: string | null
  onDelete(): void
  /** Null with no course to edit it against. */
  onEdit: (() => void) | null
}

export function RoundEntry({ round, mark, status, onDelete, onEdit }: RoundEntryProps) {
  const day = formatPlayedOn(round.playedOn)
  const nine = nineNote(round, mark)
  const attestedBy = useAttestationsStore((state) => state.byRound[round.id])
  const attested = attestedBy ? `Attested by ${attestedBy}` : null
  const differential = mark?.differential ?? null
  const card = round.holeScores ? (mark?.card ?? null) : null
  // Shown in the title only when it differs from the gross score: it is what counts.
  const adjusted =
    card && card.adjustedScore !== round.score ? `Adjusted ${card.adjustedScore}` : null
  return (
    <AccordionItem
      value={round.id}
      status={status}
      // The spoken name contains what is seen, in order (axe); the marks are last, so
      // "Saving…" can follow.
      label={[
        `Score ${round.score}`,
        round.courseName,
        day,
        ...(round.holes === 9 ? ['9 holes'] : []),
        ...(adjusted ? [adjusted] : []),
        ...(differential === null ? [] : [`Diff ${differential}`]),
        ...(nine ? [nine] : []),
        ...(attested ? [attested] : []),
        ...(mark?.counts ? ['Counts'] : []),
        ...(mark?.countsForWhs ? ['Counts for WHS'] : []),
      ].join(', ')}
      title={
        <>
          <span className="round__score">{round.score}</span>{' '}
          <span className="round__course">{round.courseName}</span>{' '}
          <span className="round__date">{day}</span>
          {round.holes === 9 ? (
            <>
              {' '}
              <span className="round__holes">9 holes</span>
            </>
          ) : null}
          {adjusted ? (
            <>
              {' '}
              <span className="round__adjusted">{adjusted}</span>
            </>
          ) : null}
          {differential === null ? null : (
            <>
              {' '}
              <span className="round__differential">Diff {differential}</span>
            </>
          )}
          {nine ? (
            <>
              {' '}
              <span className="round__nine" data-testid="nine-mark">
                {nine}
              </span>
            </>
          ) : null}
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
      <RoundDetails
        round={round}
        card={card}
        result={mark?.game ?? null}
        sideGames={mark?.sideGames ?? null}
        onDelete={onDelete}
        onEdit={onEdit}
      />
    </AccordionItem>
  )
}
