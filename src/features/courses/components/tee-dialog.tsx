import { useDeferredValue, useState, type FormEvent } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import type { Tee, TeeInput } from '@/lib/tables/tees'
import { TEE_BOUNDS, teeRatingHint } from '@/lib/tables/tees'
import { blankHoles, holesOfTee, parseTeeForm, type HoleEntries } from '../lib/parse-tee-form'
import { HoleGrid } from './hole-grid'
import { HoleDataToggle, TeeParField } from './tee-par-fields'

interface TeeDialogProps {
  courseId: string
  courseName: string
  tee?: Tee
  /** For a tee that has no hole data yet. */
  withHoles?: boolean
  onOpenChange(open: boolean): void
  onSave(input: TeeInput): void
}

const hasHoleData = (tee: Tee | undefined) =>
  tee !== undefined && (tee.holePars !== null || tee.strokeIndexes !== null)

export function TeeDialog({
  courseId,
  courseName,
  tee,
  withHoles = false,
  onOpenChange,
  onSave,
}: TeeDialogProps) {
  const [alert, setAlert] = useState<string | null>(null)
  const [holeProblems, setHoleProblems] = useState<Record<number, string>>({})
  const [holes, setHoles] = useState<9 | 18>(tee?.holes ?? 18)
  // Kept while the grid is hidden, so turning it off and on again loses nothing typed.
  const [holeData, setHoleData] = useState<HoleEntries>(() =>
    tee && hasHoleData(tee) ? holesOfTee(tee) : blankHoles(),
  )
  const [gridShown, setGridShown] = useState(withHoles || hasHoleData(tee))
  // The grid is drawn in a task after the dialog's own (it is below the fold on a phone).
  const gridDrawn = useDeferredValue(true, false)
  const holesPar = gridShown
    ? holeData.pars.slice(0, holes).reduce((total, par) => total + par, 0)
    : null

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Opened from another dialog's form, its submit must not reach that form: React events follow
    // the component tree, through the portal.
    event.stopPropagation()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '')
    const parsed = parseTeeForm(courseId, {
      name: text('name'),
      holes: text('holes'),
      rating: text('rating'),
      slope: text('slope'),
      par: text('par'),
      holeData: gridShown ? holeData : null,
    })
    if ('problems' in parsed) {
      setAlert(parsed.problems.join(' '))
      setHoleProblems(parsed.holeProblems)
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
      <form className="form tee-form" onSubmit={submit} noValidate>
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
          onChange={(event) => {
            setHoles(event.target.value === '9' ? 9 : 18)
            setHoleProblems({})
          }}
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
        <TeeParField holes={holes} holesPar={holesPar} typedPar={tee?.par ?? null} />
        <HoleDataToggle
          shown={gridShown}
          onChange={(shown) => {
            setGridShown(shown)
            setHoleProblems({})
          }}
        />
        {gridShown && gridDrawn ? (
          <HoleGrid holes={holes} value={holeData} onChange={setHoleData} problems={holeProblems} />
        ) : null}
        <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
        <DialogActions submitLabel={tee ? 'Save Tee' : 'Add Tee'} />
      </form>
    </Dialog>
  )
}
