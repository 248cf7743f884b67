import { useState, type ReactElement } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { ADD_COURSE_INVALID } from '../lib/course-messages'
import { parseCourseForm } from '../lib/parse-course-form'
import type { NewCourse } from '../types'
import { CourseFields, submitCourse } from './course-fields'

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

  const submit = submitCourse(parseCourseForm, onAdd, () => setAlert(ADD_COURSE_INVALID))

  return (
    <form className="form" onSubmit={submit} noValidate>
      <CourseFields />
      <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
      <DialogActions submitLabel="Add Course" />
    </form>
  )
}
