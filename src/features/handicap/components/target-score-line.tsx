import { useId, useState } from 'react'

interface TargetScoreLineProps {
  /** The tee's number to beat in words (targetSentence). */
  sentence: string
  /** The "Why?" lines, worked out only when the golfer opens them. */
  why?: () => string[]
  /** Names the tee for a screen reader, where several tees show a "Why?" ("Why? White tee"). */
  teeName?: string
}

/**
 * A tee's number to beat, and "Why?" beside it: a disclosure button (its state read aloud, Enter
 * and Space toggle it) that shows a few plain lines under the sentence.
 */
export function TargetScoreLine({ sentence, why, teeName }: TargetScoreLineProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div className="target-score" data-testid="target-score">
      <p className="target-score__sentence">
        {sentence}
        {why ? (
          <>
            {' '}
            <button
              type="button"
              className="target-score__why"
              aria-expanded={open}
              aria-controls={panelId}
              aria-label={teeName ? `Why? ${teeName} tee` : undefined}
              onClick={() => setOpen((was) => !was)}
            >
              Why?
            </button>
          </>
        ) : null}
      </p>
      {why ? (
        <div id={panelId} hidden={!open}>
          {open ? (
            <ul className="target-score__why-lines">
              {why().map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
