import { useState, type FormEvent } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import type { Tee, TeeInput } from '@/lib/tables/tees'
import { TEE_BOUNDS, teeRatingHint } from '@/lib/tables/tees'
import { parseTeeForm, teeParHint } from '../lib/parse-tee-form'

interface TeeDialogProps {
  courseId: string
  courseName: string
  /** The tee edited; none to add one. */
  tee?: Tee
  onOpenChange(open: boolean): void
  onSave(input: TeeInput): void
}

/** Add or edit one of a course's tees. A problem is named and the typed values stay. */
export function TeeDialog({ courseId, courseName, tee, onOpenChange, onSave }: TeeDialogProps) {
  const [alert, setAlert] = useState<string | null>(null)
  const [holes, setHoles] = useState<9 | 18>(tee?.holes ?? 18)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '')
    const parsed = parseTeeForm(courseId, {
      name: text('name'),
      holes: text('holes'),
      rating: text('rating'),
      slope: text('slope'),
      par: text('par'),
      holePars: text('holePars'),
      strokeIndexes: text('strokeIndexes'),
    })
    if ('problems' in parsed) {
      setAlert(parsed.problems.join(' '))
      return
    }
    onSave(parsed.tee)
    onOpenChange(false)
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={tee ? 'Edit Tee' : 'Add Tee'}
      description={courseName}
    >
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Tee Name"
          name="name"
          autoComplete="off"
          autoCapitalize="words"
          defaultValue={tee?.name ?? ''}
          hint='For example "White" or "Yellow front nine"'
        />
        <SelectField
          label="Holes"
          name="holes"
          value={holes}
          onChange={(event) => setHoles(event.target.value === '9' ? 9 : 18)}
        >
          <option value="18">18 holes</option>
          <option value="9">9 holes (a rated nine)</option>
        </SelectField>
        <TextField
          label="Course Rating"
          name="rating"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={tee?.rating.toFixed(1) ?? ''}
          hint={`${teeRatingHint(holes)}, as on the scorecard`}
        />
        <TextField
          label="Slope Rating"
          name="slope"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={tee?.slope ?? ''}
          hint={`A whole number from ${TEE_BOUNDS.slope.min} to ${TEE_BOUNDS.slope.max}`}
        />
        <TextField
          label="Par"
          name="par"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={tee?.par ?? ''}
          hint={`${teeParHint(holes)}, for your course handicap`}
        />
        <TextField
          label="Hole Pars"
          name="holePars"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={tee?.holePars?.join(' ') ?? ''}
          hint={`Optional: ${holes} numbers from 3 to 6, separated by spaces, adding up to par`}
        />
        <TextField
          label="Stroke Indexes"
          name="strokeIndexes"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={tee?.strokeIndexes?.join(' ') ?? ''}
          hint={`Optional: ${holes} different numbers from 1 to 18, separated by spaces`}
        />
        <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
        <DialogActions submitLabel={tee ? 'Save Tee' : 'Add Tee'} />
      </form>
    </Dialog>
  )
}
