import { Loading } from '@/components/ui/loading'
import { explainIndex } from '../lib/explain-index'
import { formatHandicapIndex } from '../lib/handicap-index'
import { WhsEstimate, type WhsEstimateProps } from './whs-estimate'

interface HandicapDisplayProps {
  /** Null below 3 rounds. */
  index: number | null
  roundCount: number
  loading?: boolean
  estimate?: WhsEstimateProps
}

export const NEED_MORE_ROUNDS =
  'Need to input at least 3 rounds before handicap index can be calculated.'

export function HandicapDisplay({
  index,
  roundCount,
  loading = false,
  estimate,
}: HandicapDisplayProps) {
  return (
    <section className="handicap" data-testid="handicap-display" aria-label="Handicap index">
      {loading ? (
        <Loading label="Loading your rounds…" />
      ) : (
        <div className="handicap__readout" aria-live="polite" aria-atomic="true">
          {index === null ? (
            <>
              <p className="handicap__value handicap__value--waiting">Input Rounds Below</p>
              <p className="handicap__message">{NEED_MORE_ROUNDS}</p>
            </>
          ) : (
            <>
              <p className="handicap__label">HCP</p>
              <p className="handicap__value">{formatHandicapIndex(index)}</p>
              <p className="handicap__message">
                From {roundCount} {roundCount === 1 ? 'round' : 'rounds'}
              </p>
              <p className="handicap__explanation" data-testid="handicap-explanation">
                {explainIndex(roundCount)}
              </p>
            </>
          )}
        </div>
      )}
      {loading || !estimate ? null : <WhsEstimate {...estimate} />}
    </section>
  )
}
