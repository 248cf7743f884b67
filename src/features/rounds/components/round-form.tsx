import { AlertMessage } from '@/components/ui/alert-message'
import { DialogActions } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { useRoundForm } from '../hooks/use-round-form'
import type { CourseChoice, RoundInput } from '../types'
import type { RoundFormValues } from './add-round-dialog'
import {
  CourseField,
  DatePlayedField,
  HolesPlayedField,
  NineFields,
  TeeField,
} from './round-fields'

export function RoundForm({
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
  const form = useRoundForm({ courses, initial, onSubmit })
  const { tee, card, fixedBy } = form

  return (
    // Once the golfer changes a field the alert may no longer be true, so it goes.
    <form className="form" onSubmit={form.submit} onChange={() => form.setAlert(null)} noValidate>
      <CourseField
        courses={courses}
        value={form.courseId}
        onChange={form.chooseCourse}
        fixedBy={fixedBy}
      />
      {tee ? (
        <TeeField tees={form.tees} value={tee.id} onChange={form.chooseTee} fixedBy={fixedBy} />
      ) : null}
      {form.ninesOffered ? (
        <HolesPlayedField value={form.played} onChange={form.setPlayed} fixedBy={fixedBy} />
      ) : null}
      {card ? (
        <p className="field__hint" id={form.fixedId}>
          Scored hole by hole: the round stays on the course, tee and holes it was played on.
        </p>
      ) : null}
      {form.nine ? (
        <NineFields initial={initial?.nine ? initial : undefined} readOnly={card !== null} />
      ) : null}
      <TextField
        label="Gross Score"
        name="score"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={initial?.score ?? ''}
        readOnly={card !== null}
        hint={
          card
            ? `The sum of the ${card.length} holes on the card, so it is not typed here`
            : `A whole number from ${form.scoreBounds.min} to ${form.scoreBounds.max}`
        }
      />
      {form.holes === 9 ? (
        <p className="field__hint" data-testid="nines-note">
          Nines count in pairs (the WHS 2020 method): this nine is added to your next one into one
          18-hole score.
        </p>
      ) : null}
      <DatePlayedField today={form.today} defaultValue={initial?.playedOn ?? form.today} />
      <AlertMessage message={form.alert} onDismiss={() => form.setAlert(null)} />
      <DialogActions submitLabel={submitLabel} />
    </form>
  )
}
