import { useUndoStore } from '@/stores/undo-store'

/** Announced politely, never stealing focus. */
export function UndoBar() {
  const offer = useUndoStore((state) => state.offer)
  const dismissUndo = useUndoStore((state) => state.dismissUndo)
  return (
    <div className="undo" role="status">
      {offer ? (
        <p className="undo__bar">
          <span>{offer.message}</span>
          <button
            type="button"
            className="button button--secondary undo__action"
            onClick={() => {
              dismissUndo()
              offer.undo()
            }}
          >
            Undo
          </button>
        </p>
      ) : null}
    </div>
  )
}
