import { useEffect, useRef, useState } from 'react'
import { Accordion } from '@/components/ui/accordion'
import { openDialog } from '@/components/ui/dialog'
import { LoadFailed } from '@/components/ui/load-failed'
import type { LoadStatus } from '@/lib/records'
import { listEntries } from '../lib/nine-pairs'
import { LOAD_ROUNDS_FAILED } from '../lib/round-messages'
import { deleteRoundOptimistically, editRoundOptimistically } from '../stores/round-commands'
import { useRoundsStore } from '../stores/rounds-store'
import { useSyncLabel } from '@/stores/outbox'
import { reloadRounds } from '../stores/rounds-table'
import { reloadAttestations } from '../stores/attestations-store'
import type { CourseChoice, Round } from '../types'
import { AddRoundEntry } from './add-round-entry'
import { EditRoundDialog } from './add-round-dialog'
import { PairEntry } from './pair-entry'
import type { CardScore } from './round-card'
import { RoundEntry } from './round-entry'
import { useShownRounds } from './use-shown-rounds'
import type { RoundSideGames } from './side-games-lines'

interface RoundsListProps {
  rounds: readonly Round[]
  /** Of the same moment as `rounds`. */
  roundsStatus: LoadStatus
  courses: readonly CourseChoice[]
  marks?: Readonly<Record<string, RoundMark>>
}

export interface RoundMark {
  /** Null while a nine waits for another nine. */
  differential: string | null
  counts: boolean
  countsForWhs?: boolean
  pairedWith?: string | null
  /** The list shows the pair once, as its 18-hole entry. */
  pairedWithId?: string | null
  card?: CardScore | null
  game?: string | null
  sideGames?: RoundSideGames | null
}

export function RoundsList({
  rounds: allRounds,
  roundsStatus,
  courses,
  marks = {},
}: RoundsListProps) {
  const [editing, setEditing] = useState<Round | null>(null)
  const pending = useRoundsStore((state) => state.pending)
  const syncLabel = useSyncLabel()
  const { rounds, notShown, showOlderRounds } = useShownRounds(allRounds, pending)
  const firstEntry = useRef<HTMLElement | null>(null)
  // A round signed on a shared card arrives in the list; its marker attests it later, so the
  // marks are read on showing the list and whenever its rounds change.
  const roundIds = allRounds.map((round) => round.id).join()
  useEffect(() => {
    void reloadAttestations()
  }, [roundIds])
  const setFirstEntry = (element: HTMLElement | null) => {
    firstEntry.current = element
  }

  function remove(id: string) {
    void deleteRoundOptimistically(id)
    // The entry (and the focused button in it) disappears; keep keyboard focus in the list.
    firstEntry.current?.focus()
  }

  return (
    <>
      <Accordion>
        <AddRoundEntry courses={courses} entryRef={setFirstEntry} />
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
          return (
            <RoundEntry
              key={round.id}
              round={round}
              mark={marks[round.id]}
              status={syncLabel(pending[round.id])}
              onDelete={() => remove(round.id)}
              onEdit={courses.length === 0 ? null : () => openDialog(() => setEditing(round))}
            />
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
