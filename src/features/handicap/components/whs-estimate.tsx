import { useId, useState } from 'react'
import { formatHandicapIndex } from '../lib/handicap-index'

export interface WhsEstimateProps {
  /** The estimate after the last round, or null below 3 rounds. */
  index: number | null
  /** Why it differs from the spec's index, one plain sentence each (only what applies). */
  reasons: readonly string[]
}

/** What the estimate never models, whatever the record: said every time the reasons are shown. */
export const NOT_MODELLED =
  'Not modelled here: committee adjustments, penalty scores and the 2024 rule for a lone nine (nines count in pairs, the WHS 2020 method)'

export const NOT_OFFICIAL = 'An official index is issued by your federation, not by HCPFast'

/**
 * The WHS estimate under the spec's number, and a disclosure listing why the two differ. The list
 * is rendered only once opened, so the card has the same height on every load; opening it is the
 * golfer's own action.
 */
export function WhsEstimate({ index, reasons }: WhsEstimateProps) {
  const listId = useId()
  const [open, setOpen] = useState(false)
  if (index === null) {
    return (
      <p className="whs__estimate" data-testid="whs-estimate">
        WHS estimate: needs 3 rounds
      </p>
    )
  }
  return (
    <div className="whs">
      <p className="whs__estimate" data-testid="whs-estimate" aria-live="polite">
        WHS estimate {formatHandicapIndex(index)}
      </p>
      <button
        type="button"
        className="whs__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        Why is it different?
      </button>
      <ul id={listId} className="whs__reasons" data-testid="whs-reasons" hidden={!open}>
        {open
          ? [...reasons, NOT_MODELLED, NOT_OFFICIAL].map((reason) => <li key={reason}>{reason}</li>)
          : null}
      </ul>
    </div>
  )
}
