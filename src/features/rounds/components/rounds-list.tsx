import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { Accordion, AccordionAction, AccordionItem } from '@/components/ui/accordion'
import { openDialog } from '@/components/ui/dialog'
import { PlusIcon } from '@/components/ui/icons'
import { LoadFailed } from '@/components/ui/load-failed'
import type { LoadStatus } from '@/lib/records'
import { listEntries, nineName } from '../lib/nine-pairs'
import { formatPlayedOn } from '../lib/played-on'
import { LOAD_ROUNDS_FAILED } from '../lib/round-messages'
import {
  addRoundOptimistically,
  deleteRoundOptimistically,
  editRoundOptimistically,
} from '../stores/round-commands'
import { selectLastUsedCourseId, useRoundsStore } from '../stores/rounds-store'
import { useSyncLabel } from '@/stores/outbox'
import { reloadRounds } from '../stores/rounds-table'
import type { CourseChoice, Round } from '../types'
import { AddRoundDialog, EditRoundDialog } from './add-round-dialog'
import { PairEntry, RoundDetails } from './pair-entry'
import { CountsMarks, type CardScore } from './round-card'
import type { RoundSideGames } from './side-games-lines'

interface RoundsListProps {
  rounds: readonly Round[]
  /** Of the same moment as `rounds`. */
  roundsStatus: LoadStatus
  courses: readonly CourseChoice[]
  marks?: Readonly<Record<string, RoundMark>>
}

export interface RoundMark {
  /** A pair's on both of its nines; null while a nine waits for another nine. */
  differential: string | null
  counts: boolean
  countsForWhs?: boolean
  pairedWith?: string | null
  /** The list shows the pair once, as its 18-hole entry. */
  pairedWithId?: string | null
  card?: CardScore | null
  /** Null or absent for a round played alone. */
  game?: string | null
  /** The side games played beside it, settled; null or absent for none. */
  sideGames?: RoundSideGames | null
}

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

/** The ones the index is made from; a phone draws them at once however long the record. */
export const ROUNDS_SHOWN_AT_FIRST = 20

export function RoundsList({
  rounds: allRounds,
  roundsStatus,
  courses,
  marks = {},
}: RoundsListProps) {
  const lastCourseId = useRoundsStore(selectLastUsedCourseId)
  const [editing, setEditing] = useState<Round | null>(null)
  const pending = useRoundsStore((state) => state.pending)
  const syncLabel = useSyncLabel()
  const [adding, setAdding] = useState(false)
  const [showAll, setShowAll] = useState(false)
  const focusOnShow = useRef<string | null>(null)
  // A round the golfer adds or edits stays in view wherever its date puts it, so it never seems to
  // vanish.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const newlyTouched = Object.keys(pending).filter((id) => !touched.has(id))
  if (newlyTouched.length > 0) setTouched(new Set([...touched, ...newlyTouched]))
  const rounds = showAll
    ? allRounds
    : allRounds.filter((round, at) => at < ROUNDS_SHOWN_AT_FIRST || touched.has(round.id))
  const notShown = allRounds.length - rounds.length

  useEffect(() => {
    const id = focusOnShow.current
    if (!showAll || !id) return
    focusOnShow.current = null
    document.querySelector<HTMLElement>(`[data-entry="${id}"]`)?.focus()
  }, [showAll])

  function showOlderRounds() {
    // Focus goes to the first entry that was not shown, where the button was.
    focusOnShow.current = allRounds.find((round) => !rounds.includes(round))?.id ?? null
    setShowAll(true)
  }
  const firstEntry = useRef<HTMLElement | null>(null)
  const setFirstEntry = (element: HTMLElement | null) => {
    firstEntry.current = element
  }

  function remove(id: string) {
    void deleteRoundOptimistically(id)
    // The entry (and the focused button in it) disappears; keep keyboard focus in the list.
    firstEntry.current?.focus()
  }

  const first =
    courses.length === 0 ? (
      <Link ref={setFirstEntry} to="/courses" className="accordion__action">
        Add courses first!
      </Link>
    ) : (
      <AddRoundDialog
        open={adding}
        onOpenChange={setAdding}
        courses={courses}
        initial={{ courseId: lastCourseId }}
        onAdd={(input, course) => void addRoundOptimistically(input, course)}
        trigger={
          <AccordionAction ref={setFirstEntry}>
            <PlusIcon />
            Add a round...
          </AccordionAction>
        }
      />
    )

  return (
    <>
      <Accordion>
        {first}
        {listEntries(rounds, allRounds, marks).map((entry) => {
          if ('pair' in entry) {
            return (
              <PairEntry
                key={entry.key}
                value={entry.key}
                pair={entry.pair}
                marks={marks}
                status={syncLabel(pending[entry.pair[0].id] ?? pending[entry.pair[1].id])}
                onDelete={remove}
                onEdit={
                  courses.length === 0 ? null : (round) => openDialog(() => setEditing(round))
                }
              />
            )
          }
          const { round } = entry
          const mark = marks[round.id]
          const day = formatPlayedOn(round.playedOn)
          const nine = nineNote(round, mark)
          const differential = mark?.differential ?? null
          const card = round.holeScores ? (mark?.card ?? null) : null
          // Shown in the title only when it differs from the gross score: it is what counts.
          const adjusted =
            card && card.adjustedScore !== round.score ? `Adjusted ${card.adjustedScore}` : null
          return (
            <AccordionItem
              key={round.id}
              value={round.id}
              status={syncLabel(pending[round.id])}
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
                  <CountsMarks mark={mark} />
                </>
              }
            >
              <RoundDetails
                round={round}
                card={card}
                result={mark?.game ?? null}
                sideGames={mark?.sideGames ?? null}
                onDelete={() => remove(round.id)}
                onEdit={courses.length === 0 ? null : () => openDialog(() => setEditing(round))}
              />
            </AccordionItem>
          )
        })}
      </Accordion>
      {notShown > 0 ? (
        <button
          type="button"
          className="button button--secondary list-more"
          onClick={showOlderRounds}
        >
          Show {notShown} older {notShown === 1 ? 'round' : 'rounds'}
        </button>
      ) : null}
      {editing ? (
        <EditRoundDialog
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null)
          }}
          courses={courses}
          initial={editing}
          onSave={(input, course) => void editRoundOptimistically(editing, input, course)}
        />
      ) : null}
      {roundsStatus === 'error' ? (
        <LoadFailed message={LOAD_ROUNDS_FAILED} onRetry={reloadRounds} />
      ) : null}
    </>
  )
}
