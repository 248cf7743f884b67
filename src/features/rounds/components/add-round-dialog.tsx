import { useState, type FormEvent, type ReactElement } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { SCORE_BOUNDS, parseRoundForm } from '../lib/parse-round-form'
import { EARLIEST_PLAYED_ON, localToday, parsePlayedOn } from '../lib/played-on'
import { ADD_ROUND_INVALID, PLAYED_ON_IN_FUTURE, PLAYED_ON_INVALID } from '../lib/round-messages'
import type { CourseChoice, RoundInput } from '../types'

/** What the form starts with: nothing for a new round but the course used last; a round's values for an edit. */
export interface RoundFormValues {
  courseId?: string | null
  score?: number
  playedOn?: string
}

interface RoundDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  trigger?: ReactElement
  courses: readonly CourseChoice[]
  initial?: RoundFormValues
}

interface AddRoundDialogProps extends RoundDialogProps {
  onAdd(input: RoundInput, course: CourseChoice): void
}

export function AddRoundDialog({ onAdd, ...props }: AddRoundDialogProps) {
  return <RoundDialog {...props} title="Add Round" submitLabel="Add Round" onSubmit={onAdd} />
}

interface EditRoundDialogProps extends RoundDialogProps {
  onSave(input: RoundInput, course: CourseChoice): void
}

/** The Add Round dialog, prefilled with a round's values. */
export function EditRoundDialog({ onSave, ...props }: EditRoundDialogProps) {
  return <RoundDialog {...props} title="Edit Round" submitLabel="Save Round" onSubmit={onSave} />
}

function RoundDialog({
  open,
  onOpenChange,
  trigger,
  courses,
  initial,
  title,
  submitLabel,
  onSubmit,
}: RoundDialogProps & {
  title: string
  submitLabel: string
  onSubmit(input: RoundInput, course: CourseChoice): void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={title}>
      <RoundForm
        courses={courses}
        initial={initial}
        submitLabel={submitLabel}
        onSubmit={(input, course) => {
          onSubmit(input, course)
          onOpenChange(false)
        }}
      />
    </Dialog>
  )
}

function RoundForm({
  courses,
  initial,
  submitLabel,
  onSubmit,
}: {
  courses: readonly CourseChoice[]
  initial: RoundFormValues | undefined
  submitLabel: string
  onSubmit(input: RoundInput, course: CourseChoice): void
}) {
  const [alert, setAlert] = useState<string | null>(null)
  const [today] = useState(localToday)
  const onlyCourse = courses.length === 1 ? courses[0] : undefined
  const preselected = courses.find((course) => course.id === initial?.courseId)
  const selected = onlyCourse ?? preselected

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
    const playedOn = parsePlayedOn(String(form.get('playedOn') ?? ''), localToday())
    if ('refused' in playedOn) {
      setAlert(playedOn.refused === 'future' ? PLAYED_ON_IN_FUTURE : PLAYED_ON_INVALID)
      return
    }
    onSubmit(
      { courseId: round.course.id, score: round.score, playedOn: playedOn.day },
      round.course,
    )
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <SelectField label="Course Name" name="courseId" defaultValue={selected?.id ?? ''}>
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
        defaultValue={initial?.score ?? ''}
        hint={`A whole number from ${SCORE_BOUNDS.min} to ${SCORE_BOUNDS.max}`}
      />
      <TextField
        label="Date Played"
        name="playedOn"
        type="date"
        min={EARLIEST_PLAYED_ON}
        max={today}
        defaultValue={initial?.playedOn ?? today}
        hint="Today, or the day you played; not in the future"
      />
      <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
      <DialogActions submitLabel={submitLabel} />
    </form>
  )
}
