import { useState, type FormEvent, type ReactElement } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { SelectField, TextField } from '@/components/ui/text-field'
import { SCORE_BOUNDS, parseRoundForm } from '../lib/parse-round-form'
import { ADD_ROUND_INVALID } from '../lib/round-messages'
import type { CourseChoice } from '../types'

interface AddRoundDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  trigger?: ReactElement
  courses: readonly CourseChoice[]
  onAdd(course: CourseChoice, score: number): void
}

export function AddRoundDialog({
  open,
  onOpenChange,
  trigger,
  courses,
  onAdd,
}: AddRoundDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title="Add Round">
      <AddRoundForm
        courses={courses}
        onAdd={(course, score) => {
          onAdd(course, score)
          onOpenChange(false)
        }}
      />
    </Dialog>
  )
}

function AddRoundForm({
  courses,
  onAdd,
}: {
  courses: readonly CourseChoice[]
  onAdd(course: CourseChoice, score: number): void
}) {
  const [alert, setAlert] = useState<string | null>(null)
  const onlyCourse = courses.length === 1 ? courses[0] : undefined

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const round = parseRoundForm(
      { courseId: String(form.get('courseId') ?? ''), score: String(form.get('score') ?? '') },
      courses,
    )
    if (!round) {
      setAlert(ADD_ROUND_INVALID)
      return
    }
    onAdd(round.course, round.score)
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <SelectField label="Course Name" name="courseId" defaultValue={onlyCourse?.id ?? ''}>
        {onlyCourse ? null : <option value="">Choose a course</option>}
        {courses.map((course) => (
          <option key={course.id} value={course.id}>
            {course.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Gross Score"
        name="score"
        inputMode="numeric"
        autoComplete="off"
        hint={`A whole number from ${SCORE_BOUNDS.min} to ${SCORE_BOUNDS.max}`}
      />
      <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
      <DialogActions submitLabel="Add Round" />
    </form>
  )
}
