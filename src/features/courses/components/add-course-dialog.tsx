import { useState, type FormEvent, type ReactElement } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { ADD_COURSE_INVALID } from '../lib/course-messages'
import { COURSE_BOUNDS, parseCourseForm } from '../lib/parse-course-form'
import type { NewCourse } from '../types'

interface AddCourseDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  trigger?: ReactElement
  onAdd(course: NewCourse): void
}

export function AddCourseDialog({ open, onOpenChange, trigger, onAdd }: AddCourseDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title="Add Course">
      <AddCourseForm
        onAdd={(course) => {
          onAdd(course)
          onOpenChange(false)
        }}
      />
    </Dialog>
  )
}

/** Lives only while the dialog is open, so every opening starts empty. */
function AddCourseForm({ onAdd }: { onAdd(course: NewCourse): void }) {
  const [alert, setAlert] = useState<string | null>(null)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const course = parseCourseForm({
      name: String(form.get('name') ?? ''),
      rating: String(form.get('rating') ?? ''),
      slope: String(form.get('slope') ?? ''),
    })
    if (!course) {
      setAlert(ADD_COURSE_INVALID)
      return
    }
    onAdd(course)
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Course Name" name="name" autoComplete="off" autoCapitalize="words" />
      <TextField
        label="Course Rating"
        name="rating"
        inputMode="decimal"
        autoComplete="off"
        hint={`${COURSE_BOUNDS.rating.min.toFixed(1)} to ${COURSE_BOUNDS.rating.max.toFixed(1)}, as on the scorecard`}
      />
      <TextField
        label="Slope Rating"
        name="slope"
        inputMode="numeric"
        autoComplete="off"
        hint={`A whole number from ${COURSE_BOUNDS.slope.min} to ${COURSE_BOUNDS.slope.max}`}
      />
      <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
      <DialogActions submitLabel="Add Course" />
    </form>
  )
}
