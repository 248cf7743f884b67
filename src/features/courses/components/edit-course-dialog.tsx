import { useState, type FormEvent } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { EDIT_COURSE_INVALID } from '../lib/course-messages'
import { COURSE_BOUNDS, parseCourseEditForm } from '../lib/parse-course-form'
import type { Course, CourseInput } from '../types'

interface EditCourseDialogProps {
  course: Course
  onOpenChange(open: boolean): void
  onSave(edit: CourseInput): void
}

export function EditCourseDialog({ course, onOpenChange, onSave }: EditCourseDialogProps) {
  const [alert, setAlert] = useState<string | null>(null)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const edit = parseCourseEditForm({
      name: String(form.get('name') ?? ''),
      rating: String(form.get('rating') ?? ''),
      slope: String(form.get('slope') ?? ''),
      par: String(form.get('par') ?? ''),
    })
    if (!edit) {
      setAlert(EDIT_COURSE_INVALID)
      return
    }
    onSave(edit)
    onOpenChange(false)
  }

  return (
    <Dialog open onOpenChange={onOpenChange} title="Edit Course">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Course Name"
          name="name"
          autoComplete="off"
          autoCapitalize="words"
          defaultValue={course.name}
        />
        <TextField
          label="Course Rating"
          name="rating"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={course.rating.toFixed(1)}
          hint={`${COURSE_BOUNDS.rating.min.toFixed(1)} to ${COURSE_BOUNDS.rating.max.toFixed(1)}, as on the scorecard`}
        />
        <TextField
          label="Slope Rating"
          name="slope"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={course.slope}
          hint={`A whole number from ${COURSE_BOUNDS.slope.min} to ${COURSE_BOUNDS.slope.max}`}
        />
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
