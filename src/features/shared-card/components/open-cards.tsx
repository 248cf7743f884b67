import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { listOpenCards, type OpenCard } from '../api/list-open-cards'
import { progressLine, startedByLine } from '../lib/open-cards'
import '../open-cards.css'

/** Each card a link back to it, so a closed tab is not the only way in. */
export interface OpenCardsProps {
  /** "28 Nov 2026", as the rounds list writes a day. */
  formatDay(day: string): string
}

export function OpenCards({ formatDay }: OpenCardsProps) {
  const titleId = useId()
  const [cards, setCards] = useState<readonly OpenCard[]>([])
  useEffect(() => {
    let shown = true
    listOpenCards().then(
      (found) => {
        if (shown) setCards(found)
      },
      // Offline or refused: the card is still at its link, and the screen loses nothing.
      () => undefined,
    )
    return () => {
      shown = false
    }
  }, [])
  if (cards.length === 0) return null
  return (
    <section className="open-cards" aria-labelledby={titleId}>
      <h2 id={titleId} className="open-cards__title">
        Shared cards in play
      </h2>
      <ul className="open-cards__list">
        {cards.map((card) => (
          <li key={card.id}>
            <Link to={`/card/${card.id}`} className="open-cards__link">
              <span className="open-cards__where">
                {card.courseName}, {formatDay(card.playedOn)}
              </span>{' '}
              <span className="open-cards__detail">
                {[startedByLine(card), progressLine(card)].filter(Boolean).join(' · ')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
