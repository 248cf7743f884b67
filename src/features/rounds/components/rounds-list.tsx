import { useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { useShallow } from 'zustand/react/shallow'
import { Accordion, AccordionAction, AccordionItem } from '@/components/ui/accordion'
import { PlusIcon } from '@/components/ui/icons'
import { LoadFailed, Loading } from '@/components/ui/loading'
import type { LoadStatus } from '@/lib/records'
import { LOAD_ROUNDS_FAILED } from '../lib/round-messages'
import { addRoundOptimistically, deleteRoundOptimistically } from '../stores/round-commands'
import { selectRoundsNewestFirst, useRoundsStore } from '../stores/rounds-store'
import { reloadRounds } from '../stores/rounds-sync'
import type { CourseChoice } from '../types'
import { AddRoundDialog } from './add-round-dialog'

interface RoundsListProps {
  /** The golfer's courses, for the Add Round dialog. */
  courses: readonly CourseChoice[]
  coursesStatus: LoadStatus
}

/** The HCP screen's accordion: the way to add a round first, then the rounds, newest first. */
export function RoundsList({ courses, coursesStatus }: RoundsListProps) {
  const rounds = useRoundsStore(useShallow(selectRoundsNewestFirst))
  const status = useRoundsStore((state) => state.status)
  const pending = useRoundsStore((state) => state.pending)
  const [adding, setAdding] = useState(false)
  const firstEntry = useRef<HTMLElement | null>(null)
  const setFirstEntry = (element: HTMLElement | null) => {
    firstEntry.current = element
  }

  function remove(id: string) {
    void deleteRoundOptimistically(id)
    // The entry (and the focused button in it) disappears; keep keyboard focus in the list.
    firstEntry.current?.focus()
  }

  const coursesKnown = coursesStatus === 'ready' || courses.length > 0
  let first: ReactNode
  if (!coursesKnown && coursesStatus !== 'error') {
    first = <Loading label="Loading your courses…" />
  } else if (courses.length === 0) {
    first = (
      <Link ref={setFirstEntry} to="/courses" className="accordion__action">
        Add courses first!
      </Link>
    )
  } else {
    first = (
      <AddRoundDialog
        open={adding}
        onOpenChange={setAdding}
        courses={courses}
        onAdd={(course, score) => void addRoundOptimistically(course, score)}
        trigger={
          <AccordionAction ref={setFirstEntry}>
            <PlusIcon />
            Add a round...
          </AccordionAction>
        }
      />
    )
  }

  return (
    <>
      <Accordion>
        {first}
        {rounds.map((round) => {
          const saving = pending[round.id] === 'adding'
          return (
            <AccordionItem
              key={round.id}
              value={round.id}
              busy={saving}
              title={
                <>
                  <span className="round__score">{round.score}</span>{' '}
                  <span className="round__course">{round.courseName}</span>
                </>
              }
            >
              <p className="detail detail--strong">{round.courseName}</p>
              <p className="detail">Score: {round.score}</p>
              <button
                type="button"
                className="button button--danger"
                disabled={saving}
                onClick={() => remove(round.id)}
              >
                Delete Round
              </button>
            </AccordionItem>
          )
        })}
      </Accordion>
      {status === 'error' ? (
        <LoadFailed message={LOAD_ROUNDS_FAILED} onRetry={reloadRounds} />
      ) : null}
    </>
  )
}
