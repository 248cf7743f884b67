import { useId, useState, type ChangeEvent } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { DataError } from '@/lib/data-error'
import { importRounds, type ImportResult } from '../api/import-rounds'
import { readAccountRecord, type AccountRecordRows } from '../api/load-account-record'
import { IMPORT_FAILED, IMPORT_REFUSED } from '../lib/account-messages'
import { localToday, planImport, readImportFile, type ImportPlan } from '../lib/import-plan'

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`

interface ImportSectionProps {
  userId: string
  recordOnDevice(): AccountRecordRows | null
  /** The rounds and courses were stored: the device's rows are behind until they are reloaded. */
  onImported(): void
}

export function ImportSection({ userId, recordOnDevice, onImported }: ImportSectionProps) {
  const inputId = useId()
  const [plan, setPlan] = useState<ImportPlan | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    // Emptied, so that choosing the same file again (after fixing it, or to import twice) reads it.
    input.value = ''
    setPlan(null)
    setResult(null)
    setAlert(null)
    if (!file) return
    setBusy(true)
    try {
      const read = readImportFile(await file.arrayBuffer())
      if ('error' in read) {
        setAlert(read.error)
        return
      }
      const { record } = await readAccountRecord(userId, recordOnDevice)
      setPlan(planImport(read.text, record, localToday()))
    } catch {
      setAlert(IMPORT_FAILED)
    } finally {
      setBusy(false)
    }
  }

  async function store() {
    if (!plan || busy) return
    setBusy(true)
    setAlert(null)
    try {
      setResult(await importRounds(plan.toAdd))
      onImported()
      setPlan(null)
    } catch (error) {
      setAlert(
        error instanceof DataError && error.failure === 'invalid' ? IMPORT_REFUSED : IMPORT_FAILED,
      )
    } finally {
      setBusy(false)
    }
  }

  const blocked = !plan || plan.fileError !== null || plan.problems.length > 0
  const cards = plan?.toAdd.filter((round) => round.holeScores !== null).length ?? 0
  return (
    <section className="account-section" aria-labelledby="account-import">
      <h2 id="account-import">Import rounds</h2>
      <p>
        A CSV file with a header row naming the columns Date played (YYYY-MM-DD), Course name,
        Course rating, Slope rating and Score, in any order, and optionally Tee and Holes (9 or 18;
        without them a round is 18 holes on its course&apos;s first tee), and the hole columns of an
        export (Hole pars, Stroke indexes, Hole strokes and the details), which bring a round scored
        hole by hole back with its holes. Courses and tees you do not have yet are added; rounds you
        already have are skipped. You see what will happen before anything is stored.
      </p>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          CSV file of rounds
        </label>
        <input
          id={inputId}
          className="field__input"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void choose(event)}
          disabled={busy}
        />
      </div>
      <AlertMessage
        message={alert ?? plan?.fileError ?? null}
        onDismiss={() => (alert ? setAlert(null) : setPlan(null))}
      />
      {plan && plan.fileError === null ? (
        <div className="import-preview" aria-label="Import preview" role="region">
          <p>
            {plural(plan.toAdd.length, 'round', 'rounds')} will be added
            {cards > 0 ? ` (${cards.toLocaleString('en')} scored hole by hole)` : ''}
            {plan.newCourses.length > 0
              ? `, with ${plural(plan.newCourses.length, 'new course', 'new courses')}: ${plan.newCourses.map((course) => course.name).join(', ')}`
              : ''}
            .
          </p>
          {plan.duplicates.length > 0 ? (
            <>
              <p>{plural(plan.duplicates.length, 'line adds', 'lines add')} nothing:</p>
              <ul aria-label="Lines already imported">
                {plan.duplicates.map((note) => (
                  <li key={note.line}>
                    Line {note.line}: {note.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {plan.problems.length > 0 ? (
            <>
              <p role="alert">
                {plural(plan.problems.length, 'line is', 'lines are')} wrong. Correct{' '}
                {plan.problems.length === 1 ? 'it' : 'them'} and choose the file again; nothing has
                been stored.
              </p>
              <ul aria-label="Lines with problems">
                {plan.problems.map((note) => (
                  <li key={note.line}>
                    Line {note.line}: {note.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            disabled={blocked || busy || plan.toAdd.length === 0}
            onClick={() => void store()}
          >
            Import {plural(plan.toAdd.length, 'round', 'rounds')}
          </button>
        </div>
      ) : null}
      <p role="status">
        {result
          ? `Imported ${plural(result.roundsAdded, 'round', 'rounds')} and ${plural(result.coursesAdded, 'new course', 'new courses')}.`
          : null}
      </p>
    </section>
  )
}
