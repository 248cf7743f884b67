import { useRef, useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Accordion, AccordionAction, AccordionItem } from '@/components/ui/accordion'
import { openDialog } from '@/components/ui/dialog'
import { PlusIcon } from '@/components/ui/icons'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { LOAD_COURSES_FAILED } from '../lib/course-messages'
import {
  addCourseOptimistically,
  deleteCourseOptimistically,
  editCourseOptimistically,
} from '../stores/course-commands'
import { useSyncLabel } from '@/stores/outbox'
import { selectCoursesByName, useCoursesStore } from '../stores/courses-store'
import { reloadCourses } from '../stores/courses-table'
import type { Tee } from '@/lib/tables/tees'
import type { Course } from '../types'
import { AddCourseDialog } from './add-course-dialog'
import { DeleteCourseDialog } from './delete-course-dialog'
import { EditCourseDialog } from './edit-course-dialog'
import { CourseTees } from './course-tees'
import { PublishCourseControl } from './publish-course-control'

interface CoursesListProps {
  courseHandicaps?: Readonly<Record<string, string>>
  teeHandicaps?: Readonly<Record<string, string>>
  roundCounts?: Readonly<Record<string, number>>
  /** Made when the tee is drawn. */
  teeNotes?: (tee: Tee) => ReactNode
}

export function CoursesList({
  courseHandicaps = {},
  teeHandicaps = {},
  roundCounts = {},
  teeNotes,
}: CoursesListProps) {
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const status = useCoursesStore((state) => state.status)
  const pending = useCoursesStore((state) => state.pending)
  const syncLabel = useSyncLabel()
  const [adding, setAdding] = useState(false)
  const addButton = useRef<HTMLButtonElement>(null)
  const [editing, setEditing] = useState<Course | null>(null)
  const [confirming, setConfirming] = useState<Course | null>(null)

  function askToRemove(course: Course) {
    if (roundCounts[course.id]) openDialog(() => setConfirming(course))
    else remove(course.id)
  }

  function remove(id: string) {
    void deleteCourseOptimistically(id)
    // The entry with the focused button disappears; keep keyboard focus in the list.
    addButton.current?.focus()
  }

  return (
    <>
      <Accordion>
        <AddCourseDialog
          open={adding}
          onOpenChange={setAdding}
          onAdd={(course) => void addCourseOptimistically(course)}
          trigger={
            <AccordionAction ref={addButton}>
              <PlusIcon />
              Add a course...
            </AccordionAction>
          }
        />
        {courses.map((course) => {
          return (
            <AccordionItem
              key={course.id}
              value={course.id}
              title={course.name}
              status={syncLabel(pending[course.id])}
              headingLevel={2}
            >
              <p className="detail">Course Rating: {course.rating.toFixed(1)}</p>
              <p className="detail">Slope Rating: {course.slope}</p>
              {course.par !== null ? <p className="detail">Par: {course.par}</p> : null}
              {courseHandicaps[course.id] ? (
                <p className="detail detail--strong">
                  Course handicap: {courseHandicaps[course.id]}
                </p>
              ) : null}
              <CourseTees course={course} handicaps={teeHandicaps} notes={teeNotes} />
              <div className="detail__actions">
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => askToRemove(course)}
                >
                  Delete course
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => openDialog(() => setEditing(course))}
                >
                  Edit course
                </button>
              </div>
              <PublishCourseControl course={course} />
            </AccordionItem>
          )
        })}
      </Accordion>
      {editing ? (
        <EditCourseDialog
          course={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null)
          }}
          onSave={(edit) => void editCourseOptimistically(editing, edit)}
        />
      ) : null}
      {confirming ? (
        <DeleteCourseDialog
          course={confirming}
          roundCount={roundCounts[confirming.id] ?? 0}
          onOpenChange={(open) => {
            if (!open) setConfirming(null)
          }}
          onDelete={() => remove(confirming.id)}
        />
      ) : null}
      {status === 'loading' && courses.length === 0 ? (
        <Loading label="Loading your courses…" />
      ) : null}
      {status === 'error' ? (
        <LoadFailed message={LOAD_COURSES_FAILED} onRetry={reloadCourses} />
      ) : null}
    </>
  )
}
