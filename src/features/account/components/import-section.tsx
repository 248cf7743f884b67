import { useId, useState, type ChangeEvent } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { DataError } from '@/lib/data-error'
import { importRounds, type ImportResult } from '../api/import-rounds'
import { readAccountRecord, type AccountRecordRows } from '../api/load-account-record'
import { IMPORT_FAILED, IMPORT_REFUSED } from '../lib/account-messages'
import { planImportFile } from '../lib/import-file'
import { localToday, readImportFile, type ImportPlan } from '../lib/import-plan'
import { ImportPreview, plural } from './import-preview'
import { AccountSection } from './account-section'

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
      setPlan(planImportFile(read.text, record, localToday()))
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
      setResult(await importRounds(plan))
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
  const adds = plan ? plan.toAdd.length + plan.tees.length + (plan.settings ? 1 : 0) : 0
  return (
    <AccountSection id="account-import" title="Import rounds">
      <p>
        A CSV file with a header row naming the columns Date played (YYYY-MM-DD), Course name,
        Course rating, Slope rating and Score, in any order, and optionally Tee, Holes (9 or 18;
        without them a round is 18 holes on its course&apos;s first tee), Nine (front or back), Par,
        and the hole columns of an export (Hole pars, Stroke indexes, Hole strokes and the details),
        which bring a round scored hole by hole back with its holes. Or the whole JSON file of
        &ldquo;Download everything&rdquo;: your courses with every tee and its holes, your rounds
        and your course handicap and starting index settings. Courses and tees you do not have yet
        are added; rounds you already have are skipped. You see what will happen before anything is
        stored.
      </p>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          CSV file of rounds, or JSON file of everything
        </label>
        <input
          id={inputId}
          className="field__input"
          type="file"
          accept=".csv,text/csv,.json,application/json"
          onChange={(event) => void choose(event)}
          disabled={busy}
        />
      </div>
      <AlertMessage
        message={alert ?? plan?.fileError ?? null}
        onDismiss={() => (alert ? setAlert(null) : setPlan(null))}
      />
      {plan && plan.fileError === null ? (
        <ImportPreview plan={plan} disabled={blocked || busy || adds === 0} onImport={store} />
      ) : null}
      <p role="status">
        {result
          ? `Imported ${plural(result.roundsAdded, 'round', 'rounds')}${result.teesAdded > 0 ? `, ${plural(result.teesAdded, 'tee', 'tees')}` : ''} and ${plural(result.coursesAdded, 'new course', 'new courses')}${result.settingsChanged ? ', and your settings' : ''}.`
          : null}
      </p>
    </AccountSection>
  )
}
