import { useEffect, type ReactNode } from 'react'
import { cellOf } from '../lib/cells'
import type { CardEntry, CardPlace, SharedCardRow } from '../types'
import { entriesOnPhone, openSharedCard, useSharedCardStore } from '../stores/shared-card-store'
import { CardResults } from './card-results'
import { InvitePanel } from './invite-panel'
import { PlayerCell } from './player-cell'
import { SignPanel } from './sign-panel'
import '../shared-card.css'

export interface CardScreenProps {
  userId: string
  cardId: string
  renderShare(text: string, label: string): ReactNode
  /** The side games' standings and settle-up, from the entries this phone holds. */
  renderSideGames?(card: SharedCardRow, places: CardPlace[], entries: CardEntry[]): ReactNode
}

/** The shared card on this phone: one hole at a time, every player's cell, live. */
export function CardScreen({ userId, cardId, renderShare, renderSideGames }: CardScreenProps) {
  useEffect(() => openSharedCard(userId, cardId), [userId, cardId])
  const status = useSharedCardStore((state) => state.status)
  const shared = useSharedCardStore((state) => state.shared)
  const queued = useSharedCardStore((state) => state.queued)
  const present = useSharedCardStore((state) => state.present)
  const hole = useSharedCardStore((state) => state.hole)
  const { showHole, placesChanged } = useSharedCardStore.getState()

  if (!shared) {
    return (
      <div className="screen">
        <h1>Shared card</h1>
        <p role="status">
          {status === 'missing'
            ? 'This card is not yours to see, or it is gone.'
            : status === 'failed'
              ? 'No connection: the card shows once you are online.'
              : 'Loading the card…'}
        </p>
      </div>
    )
  }
  const { card, places } = shared
  const { entries, waiting } = entriesOnPhone(shared, queued)
  const others = present.filter((someone) => someone.userId !== userId)
  const invited = places.filter((place) => place.invited && !place.user_id)
  return (
    <div className="screen shared-card">
      <p className="shared-card__course">
        {card.course_name} · {card.format}
      </p>
      <h1>Hole {hole}</h1>
      <p className="shared-card__present" data-testid="presence">
        {others.length > 0
          ? others.map((someone) => `${someone.name} on ${someone.hole}`).join(' · ')
          : 'No one else on the card right now'}
      </p>
      {waiting.length > 0 ? (
        <p className="shared-card__waiting" role="status">
          {waiting.length} {waiting.length === 1 ? 'score' : 'scores'} not shared yet
        </p>
      ) : null}
      {places.map((place) => (
        <PlayerCell
          key={`${place.player_no}-${hole}`}
          place={place}
          places={places}
          userId={userId}
          hole={hole}
          par={place.hole_pars[hole - 1] ?? 4}
          cell={cellOf(entries, place.player_no, hole)}
          waiting={waiting.some(
            (entry) => entry.player_no === place.player_no && entry.hole === hole,
          )}
        />
      ))}
      <nav className="shared-card__holes" aria-label="Holes">
        <button
          type="button"
          className="button button--secondary"
          disabled={hole <= 1}
          onClick={() => showHole(hole - 1)}
        >
          Previous hole
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={hole >= card.holes}
          onClick={() => showHole(hole + 1)}
        >
          Next hole
        </button>
      </nav>
      <InvitePanel
        cardId={card.id}
        waiting={card.created_by === userId ? invited : []}
        renderShare={renderShare}
      />
      <CardResults card={card} places={places} entries={entries} renderShare={renderShare} />
      {renderSideGames?.(card, places, entries)}
      <SignPanel
        card={card}
        places={places}
        entries={entries}
        userId={userId}
        onChanged={placesChanged}
      />
    </div>
  )
}
