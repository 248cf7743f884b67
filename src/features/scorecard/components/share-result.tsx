import { useState } from 'react'

type Shared = 'idle' | 'copied' | 'failed'

/** The share sheet, else the clipboard; where neither works the text is shown to select by hand. */
export function ShareResult({ text, label = 'Share result' }: { text: string; label?: string }) {
  const [shared, setShared] = useState<Shared>('idle')

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ text })
        return
      } catch (error) {
        // The golfer closed the sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(text)
      setShared('copied')
    } catch {
      setShared('failed')
    }
  }

  return (
    <div className="share-result">
      <button
        type="button"
        className="button button--secondary button--wide"
        onClick={() => void share()}
      >
        {label}
      </button>
      <p className="share-result__status" role="status">
        {shared === 'copied'
          ? 'Copied'
          : shared === 'failed'
            ? 'Could not copy: select it here'
            : ''}
      </p>
      {shared === 'failed' ? <p className="share-result__text">{text}</p> : null}
    </div>
  )
}
