import { useState } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { readAccountRecord, type AccountRecordRows } from '../api/load-account-record'
import { EXPORT_FAILED } from '../lib/account-messages'
import { downloadFile } from '../lib/download'
import {
  coursesCsv,
  fullJson,
  roundsCsv,
  type ExportRound,
  type ExportSettings,
} from '../lib/export-files'
import { localToday } from '../lib/import-plan'
import { AccountSection } from './account-section'

type Kind = 'rounds' | 'courses' | 'everything'

interface ExportSectionProps {
  userId: string
  email: string | null
  recordOnDevice(): AccountRecordRows | null
  /** The rounds with the WHS estimate's columns added (the app composes the handicap feature). */
  withEstimate?: (rounds: ExportRound[]) => ExportRound[]
  /** The golfer's handicap settings for the JSON file (the app composes the handicap feature). */
  settings?: () => ExportSettings
}

export function ExportSection({
  userId,
  email,
  recordOnDevice,
  withEstimate,
  settings,
}: ExportSectionProps) {
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState<Kind | null>(null)

  async function download(kind: Kind) {
    if (busy) return
    setAlert(null)
    setBusy(kind)
    try {
      const { record: held } = await readAccountRecord(userId, recordOnDevice)
      const record = withEstimate ? { ...held, rounds: withEstimate(held.rounds) } : held
      const day = localToday()
      if (kind === 'rounds') {
        downloadFile(
          `hcpfast-rounds-${day}.csv`,
          roundsCsv(record.rounds),
          'text/csv;charset=utf-8',
        )
      } else if (kind === 'courses') {
        downloadFile(
          `hcpfast-courses-${day}.csv`,
          coursesCsv(record.courses),
          'text/csv;charset=utf-8',
        )
      } else {
        downloadFile(
          `hcpfast-export-${day}.json`,
          fullJson({ email, ...record, settings: settings?.() }, new Date()),
          'application/json',
        )
      }
    } catch {
      setAlert(EXPORT_FAILED)
    } finally {
      setBusy(null)
    }
  }

  return (
    <AccountSection id="account-export" title="Export">
      <p>Spreadsheet files (CSV, UTF-8) of your rounds and courses, or everything as JSON.</p>
      <p>
        A round scored hole by hole keeps its holes on its line of the rounds file, in seven columns
        (Hole pars, Stroke indexes, Hole strokes, Hole putts, Hole fairways, Hole greens, Hole
        penalties), each listing the holes in order, separated by spaces, with - where a detail was
        not recorded. Import reads them back.
      </p>
      <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
      <div className="account-actions" aria-busy={busy !== null}>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          onClick={() => void download('rounds')}
        >
          Download rounds (CSV)
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          onClick={() => void download('courses')}
        >
          Download courses (CSV)
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          onClick={() => void download('everything')}
        >
          Download everything (JSON)
        </button>
      </div>
    </AccountSection>
  )
}
