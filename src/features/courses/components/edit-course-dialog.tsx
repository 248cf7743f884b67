import { useState } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { EDIT_COURSE_INVALID } from '../lib/course-messages'
import { COURSE_BOUNDS, parseCourseEditForm } from '../lib/parse-course-form'
import type { Course, CourseInput } from '../types'
import { CourseFields, submitCourse } from './course-fields'

interface EditCourseDialogProps {
  course: Course
  onOpenChange(open: boolean): void
  onSave(edit: CourseInput): void
}

export function EditCourseDialog({ course, onOpenChange, onSave }: EditCourseDialogProps) {
  const [alert, setAlert] = useState<string | null>(null)

  const submit = submitCourse(
    parseCourseEditForm,
    (edit) => {
      onSave(edit)
      onOpenChange(false)
    },
    () => setAlert(EDIT_COURSE_INVALID),
  )

  return (
    <Dialog open onOpenChange={onOpenChange} title="Edit Course">
      <form className="form" onSubmit={submit} noValidate>
        <CourseFields course={course} />
        <TextField
          label="Par"
          name="par"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={course.par ?? ''}
          hint={`Optional, for your course handicap: ${COURSE_BOUNDS.par.min} to ${COURSE_BOUNDS.par.max}`}
        />
        <p className="field__hint">Rounds you have played keep the values they were added with.</p>
        <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
        <DialogActions submitLabel="Save Course" />
      </form>
    </Dialog>
  )
}
