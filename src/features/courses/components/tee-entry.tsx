import type { ReactNode } from 'react'
import type { Tee } from '@/lib/tables/tees'
import { describeTee, holesNote, isScorable } from '../lib/course-tees'

interface TeeEntryProps {
  tee: Tee
  /** The golfer's course handicap from it, when there is an index. */
  handicap: string | undefined
  note: ReactNode
  /** The hint's id while this is the course's only tee, which cannot be deleted; else null. */
  lastTeeId: string | null
  /** `withHoles` opens the dialog with the holes' grid. */
  onEdit(withHoles: boolean): void
  onDelete(): void
}

/** One tee of a course: its figures and what can be done with it. */
export function TeeEntry({ tee, handicap, note, lastTeeId, onEdit, onDelete }: TeeEntryProps) {
  return (
    <li className="tee" data-testid="tee">
      <p className="tee__name">{tee.name}</p>
      <p className="detail">
        {describeTee(tee)}
        {handicap ? `; course handicap ${handicap}` : ''}
      </p>
      <p className="detail tee__holes" data-testid="tee-holes">
        {holesNote(tee)}
      </p>
      {note}
      <div className="detail__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Edit tee ${tee.name}`}
          onClick={() => onEdit(false)}
        >
          Edit tee
        </button>
        {isScorable(tee) ? null : (
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Add holes to tee ${tee.name}`}
            onClick={() => onEdit(true)}
          >
            Add holes
          </button>
        )}
        <button
          type="button"
          className="button button--danger"
          aria-label={`Delete tee ${tee.name}`}
          disabled={lastTeeId !== null}
          aria-describedby={lastTeeId ?? undefined}
          onClick={onDelete}
        >
          Delete tee
        </button>
      </div>
    </li>
  )
}
