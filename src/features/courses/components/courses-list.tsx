import { useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Accordion, AccordionAction, AccordionItem } from '@/components/ui/accordion'
import { PlusIcon } from '@/components/ui/icons'
import { LoadFailed, Loading } from '@/components/ui/loading'
import { LOAD_COURSES_FAILED } from '../lib/course-messages'
import { addCourseOptimistically, deleteCourseOptimistically } from '../stores/course-commands'
import { selectCoursesByName, useCoursesStore } from '../stores/courses-store'
import { reloadCourses } from '../stores/courses-sync'
import { AddCourseDialog } from './add-course-dialog'

/** The Courses screen's accordion: "Add a course..." first, then one entry per course. */
export function CoursesList() {
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const status = useCoursesStore((state) => state.status)
  const pending = useCoursesStore((state) => state.pending)
  const [adding, setAdding] = useState(false)
  const addButton = useRef<HTMLButtonElement>(null)

  function remove(id: string) {
    void deleteCourseOptimistically(id)
    // The entry (and the focused button in it) disappears; keep keyboard focus in the list.
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
          const saving = pending[course.id] === 'adding'
          return (
            <AccordionItem key={course.id} value={course.id} title={course.name} busy={saving}>
              <p className="detail">Course Rating: {course.rating.toFixed(1)}</p>
              <p className="detail">Slope Rating: {course.slope}</p>
              <button
                type="button"
                className="button button--danger"
                disabled={saving}
                onClick={() => remove(course.id)}
              >
                Delete course
              </button>
            </AccordionItem>
          )
        })}
      </Accordion>
      {status === 'loading' && courses.length === 0 ? (
        <Loading label="Loading your courses…" />
      ) : null}
      {status === 'error' ? (
        <LoadFailed message={LOAD_COURSES_FAILED} onRetry={reloadCourses} />
      ) : null}
    </>
  )
}
