import { useId, useState, type FormEvent } from 'react'
import { TextField } from '@/components/ui/text-field'
import { formatHandicapIndex } from '../lib/handicap-index'
import { parseStartingIndex, STARTING_INDEX_INVALID } from '../lib/starting-index'
import { selectStartingIndex, useHandicapSettingsStore } from '../stores/handicap-settings-store'
import { setStartingIndex } from '../stores/handicap-settings-sync'

export const STARTING_INDEX_UNSENT =
  'Your starting index could not be saved, so it is as it was. Try again when you are online.'

export function startingIndexLine(startingIndex: number | null, ownIndex: boolean): string | null {
  if (startingIndex === null) return null
  const shown = `Starting index ${formatHandicapIndex(startingIndex)} (from your federation)`
  return ownIndex
    ? `${shown}: no longer used, HCPFast has an index of its own`
    : `${shown}, used until HCPFast has 3 rounds`
}

/** What was typed stays until it is stored: a refusal or a failed save says why and keeps it. */
export function StartingIndexForm({ userId }: { userId: string }) {
  const startingIndex = useHandicapSettingsStore(selectStartingIndex)
  // null: nothing typed since the last save, so the field shows the index stored.
  const [typed, setTyped] = useState<string | null>(null)
  const text = typed ?? (startingIndex === null ? '' : formatHandicapIndex(startingIndex))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const errorId = useId()

  async function store(next: number | null) {
    setBusy(true)
    const failure = await setStartingIndex(userId, next)
    setBusy(false)
    if (failure === null) {
      setError(null)
      setTyped(null)
      return
    }
    setError(failure === 'refused' ? STARTING_INDEX_INVALID : STARTING_INDEX_UNSENT)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseStartingIndex(text)
    if (parsed === null) {
      setError(STARTING_INDEX_INVALID)
      return
    }
    void store(parsed)
  }

  return (
    <form className="form starting-index" onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label="Starting index"
        hint="From your federation: 54.0 to +10.0, in tenths. A plus index as +1.2."
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setTyped(event.target.value)}
        aria-invalid={error === STARTING_INDEX_INVALID || undefined}
        aria-errormessage={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="starting-index__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="starting-index__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Save starting index
        </button>
        {startingIndex === null ? null : (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void store(null)}
          >
            Remove starting index
          </button>
        )}
      </div>
    </form>
  )
}

/** `ownIndex`: HCPFast has 3 entries, so the starting index is no longer in effect. */
export function StartingIndexPanel({ userId, ownIndex }: { userId: string; ownIndex: boolean }) {
  const startingIndex = useHandicapSettingsStore(selectStartingIndex)
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const line = startingIndexLine(startingIndex, ownIndex)
  return (
    <section className="starting-index-panel" aria-label="Starting index">
      {line ? (
        <p className="starting-index-panel__line" data-testid="starting-index">
          {line}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--quiet"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {startingIndex === null ? 'Have an index from your federation?' : 'Change starting index'}
      </button>
      <div id={panelId} hidden={!open}>
        {open ? <StartingIndexForm userId={userId} /> : null}
      </div>
    </section>
  )
}
