import { useId, useState } from 'react'

interface TargetScoreLineProps {
  sentence: string
  why?: () => string[]
  /** Names the tee for a screen reader where several tees show a "Why?". */
  teeName?: string
}

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
