import { useId, useState } from 'react'
import { formatHandicapIndex } from '../lib/handicap-index'

export interface WhsEstimateProps {
  /** Null below 3 rounds. */
  index: number | null
  reasons: readonly string[]
}

/** Said every time the reasons are shown. */
export const NOT_MODELLED =
  'Not modelled here: committee adjustments, penalty scores and the 2024 rule for a lone nine (nines count in pairs, the WHS 2020 method)'

export const DIFF_MEANS =
  "Diff is a round's score differential: your score measured against the course's rating and slope (113 ÷ slope × (score − rating)); the lower, the better the round"
export const TWO_NUMBERS =
  'HCP averages your lowest Diffs from every round you entered; the WHS estimate takes only your latest 20, with the World Handicap System’s adjustments below'
export const EQUAL_DIFFS =
  'Rounds with the same Diff can be marked differently: only so many count, and on a tie the more recent one does; "Counts for WHS" looks only at your latest 20, after any exceptional-score reduction'
export const FOR_COMPETITION =
  'For a competition, use the index your federation issues: HCPFast issues none. Of its two numbers, the WHS estimate is the closer to it'

/** The list is rendered only once opened, so the card has the same height on every load. */
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
          ? [DIFF_MEANS, TWO_NUMBERS, ...reasons, EQUAL_DIFFS, NOT_MODELLED, FOR_COMPETITION].map(
              (reason) => <li key={reason}>{reason}</li>,
            )
          : null}
      </ul>
    </div>
  )
}
