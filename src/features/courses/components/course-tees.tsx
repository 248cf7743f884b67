import { useDeferredValue, useId, useRef, useState, type ReactNode } from 'react'
import { ConfirmActions, Dialog, openDialog } from '@/components/ui/dialog'
import type { Tee } from '@/lib/tables/tees'
import { teesOfCourse } from '../lib/course-tees'
import { LAST_TEE } from '../lib/tee-messages'
import {
  addTeeOptimistically,
  deleteTeeOptimistically,
  editTeeOptimistically,
  selectTeesByCourse,
  useTeesStore,
} from '../stores/tees-table'
import type { Course } from '../types'
import { TeeDialog } from './tee-dialog'
import { TeeEntry } from './tee-entry'

interface CourseTeesProps {
  course: Course
  handicaps: Readonly<Record<string, string>>
  /** Made when the tee is drawn. */
  notes?: (tee: Tee) => ReactNode
}

const FIRST_TEES = 4

export function CourseTees({ course, handicaps, notes }: CourseTeesProps) {
  const tees = teesOfCourse(course, useTeesStore(selectTeesByCourse))
  // The first few tees are what a phone shows; the rest come a task later, out of the tap.
  const allDrawn = useDeferredValue(true, false)
  const drawn = allDrawn ? tees : tees.slice(0, FIRST_TEES)
  const [editing, setEditing] = useState<Tee | 'new' | null>(null)
  const [withHoles, setWithHoles] = useState(false)
  // Delete asks once more: the tee's rounds stay, but the tee (and its holes) goes.
  const [deleting, setDeleting] = useState<Tee | null>(null)
  // Set on confirming: the tee goes once the dialog has let go of focus, which moves to Add a tee.
  const confirmed = useRef<Tee | null>(null)
  const addTee = useRef<HTMLButtonElement>(null)
  const headingId = useId()
  const lastTeeId = useId()
  const onlyOne = tees.length === 1

  return (
    <section className="tees" aria-labelledby={headingId}>
      <h3 id={headingId} className="tees__title">
        Tees
      </h3>
      <ul className="tees__list">
        {drawn.map((tee) => (
          <TeeEntry
            key={tee.id}
            tee={tee}
            handicap={handicaps[tee.id]}
            note={notes?.(tee) ?? null}
            lastTeeId={onlyOne ? lastTeeId : null}
            onEdit={(holes) =>
              openDialog(() => {
                setEditing(tee)
                setWithHoles(holes)
              })
            }
            onDelete={() => openDialog(() => setDeleting(tee))}
          />
        ))}
      </ul>
      {onlyOne ? (
        <p id={lastTeeId} className="field__hint">
          {LAST_TEE}
        </p>
      ) : null}
      <button
        ref={addTee}
        type="button"
        className="button button--secondary"
        onClick={() =>
          openDialog(() => {
            setEditing('new')
            setWithHoles(false)
          })
        }
      >
        Add a tee
      </button>
      {editing ? (
        <TeeDialog
          courseId={course.id}
          courseName={course.name}
          tee={editing === 'new' ? undefined : editing}
          withHoles={withHoles}
          onOpenChange={(open) => {
            if (!open) setEditing(null)
          }}
          onSave={(input) =>
            void (editing === 'new'
              ? addTeeOptimistically(input)
              : editTeeOptimistically(editing, input))
          }
        />
      ) : null}
      {deleting ? (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null)
          }}
          title={`Delete the ${deleting.name} tee?`}
          description="Rounds played from it keep its rating, slope and holes."
          onCloseAutoFocus={(event) => {
            const tee = confirmed.current
            if (!tee) return
            confirmed.current = null
            event.preventDefault()
            void deleteTeeOptimistically(tee.id)
            addTee.current?.focus()
          }}
        >
          <ConfirmActions
            cancelLabel="Keep it"
            confirmLabel="Delete the tee"
            onConfirm={() => {
              confirmed.current = deleting
              setDeleting(null)
            }}
          />
        </Dialog>
      ) : null}
    </section>
  )
}
