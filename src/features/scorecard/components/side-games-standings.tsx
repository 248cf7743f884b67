import { memo, useMemo } from 'react'
import type { Card } from '../lib/card'
import { cardSideGames, settleUpText, settleUpView } from '../lib/card-side-games'
import { shortDay } from '../lib/game-card'
import type { SideGameStandings } from '../lib/side-game-standings'
import { ShareResult } from './share-result'
import '@/styles/side-games.css'
import { TextLines } from '@/components/ui/text-lines'

const locale = () => (typeof navigator === 'undefined' ? undefined : navigator.language)

/** Memoised on the card, so nothing else on the hole recomputes the standings. */
export const SideGamesOnHole = memo(function SideGamesOnHole({ card }: { card: Card }) {
  const standings = useMemo(() => cardSideGames(card, locale()), [card])
  return standings ? <SideGamesNow standings={standings} /> : null
})

export function SideGamesNow({ standings }: { standings: SideGameStandings }) {
  const last = standings.holes.at(-1)
  return (
    <section className="side-games-card" aria-labelledby="side-games-card-title">
      <h2 id="side-games-card-title" className="side-games-card__title">
        Side games
      </h2>
      {standings.notes.map((note) => (
        <p key={note} className="side-games-card__note">
          {note}
        </p>
      ))}
      {last ? (
        <>
          <p className="side-games-card__after">After hole {last.hole}</p>
          <TextLines
            lines={last.lines}
            className="side-games-card__lines"
            data-testid="side-games-now"
          />
          {standings.holes.length > 1 ? (
            <details className="side-games-card__every">
              <summary>Every hole so far</summary>
              <ol className="side-games-card__holes">
                {standings.holes.map((hole) => (
                  <li key={hole.hole}>
                    <span className="side-games-card__hole">Hole {hole.hole}</span>
                    <TextLines lines={hole.lines} />
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </>
      ) : (
        <p className="side-games-card__note">
          The games are counted from the first hole every player has entered.
        </p>
      )}
    </section>
  )
}

export function SettleUp({ card }: { card: Card }) {
  const standings = useMemo(() => cardSideGames(card, locale()), [card])
  if (!standings) return null
  return <SettleUpOf standings={standings} courseName={card.courseName} playedOn={card.playedOn} />
}

/** The settle-up of any card's standings, shared with the course and the day. */
export function SettleUpOf({
  standings,
  courseName,
  playedOn,
}: {
  standings: SideGameStandings
  courseName: string
  playedOn: string
}) {
  const view = settleUpView(standings)
  return (
    <section className="side-games-card" aria-labelledby="settle-up-title" data-testid="settle-up">
      <h2 id="settle-up-title" className="side-games-card__title">
        Settle up
      </h2>
      {view.final ? null : (
        <p className="side-games-card__note">
          Not every hole has every score yet: settled on what is over so far.
        </p>
      )}
      {view.notes.map((note) => (
        <p key={note} className="side-games-card__note">
          {note}
        </p>
      ))}
      <TextLines lines={view.standing} className="side-games-card__lines" />
      <TextLines lines={view.balances} className="side-games-card__lines" aria-label="Balances" />
      <TextLines
        lines={view.payments}
        className="side-games-card__payments"
        aria-label="Payments"
        data-testid="side-games-payments"
      />
      <ShareResult
        label="Share the settle-up"
        text={settleUpText(standings, { courseName, day: shortDay(playedOn) })}
      />
    </section>
  )
}
