import { useMemo } from 'react'
import { PICKED_UP, golferPickedUp, holeNumber, type Card, type CardGame } from '../lib/card'
import { cardPlayers, runningFigure, shareText, standings } from '../lib/game-card'
import { PlayerRow } from './player-row'
import { ShareResult } from './share-result'
import { SettleUp, SideGamesOnHole } from './side-games-standings'

type GameCard = Card & { game: CardGame }

/** Each row is memoised on what it shows, so a tap draws the row tapped, not the whole group. */
export function GroupRows({ card, maximum }: { card: Card; maximum: number }) {
  const players = useMemo(() => (card.game ? cardPlayers(card as GameCard) : []), [card])
  if (!card.game) return null
  const { game, at } = card
  const unentered =
    card.scores[at] == null || game.partners.some((partner) => partner.scores[at] === null)
  return (
    <div className="group-rows">
      {/* Said once for the group, not under each player: the rows then fit a phone's view. */}
      {unentered ? <p className="group-rows__hint">Strokes show par until changed.</p> : null}
      {players.map((player, which) => {
        const partner = which === 0 ? null : game.partners[which - 1]
        const score = partner ? (partner.scores[at] ?? null) : (card.scores[at]?.strokes ?? null)
        const pickedUp = partner ? score === PICKED_UP : golferPickedUp(card, at)
        const par = player.pars[at] ?? 0
        return (
          <PlayerRow
            key={which}
            which={which}
            at={at}
            name={player.name}
            par={par}
            strokes={typeof score === 'number' ? score : null}
            pickedUp={pickedUp}
            received={player.received[at] ?? 0}
            figure={runningFigure(game, players, which)}
            maximum={which === 0 ? maximum : null}
          />
        )
      })}
      <SideGamesOnHole card={card} />
    </div>
  )
}

const FIGURE_HEADS = { stroke: 'Net', stableford: 'Points', match: 'Match' } as const

export function GroupSummary({ card }: { card: Card }) {
  if (!card.game) return null
  const game = card.game
  const players = cardPlayers(card as GameCard)
  const lines = standings(game, players)
  return (
    <>
      <table className="group-table" data-testid="group-standings">
        <caption>The group</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Gross</th>
            <th scope="col">{FIGURE_HEADS[game.format]}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, which) => (
            <tr key={which}>
              <th scope="row">{line.name}</th>
              <td>{line.gross ?? <abbr title="Picked up">PU</abbr>}</td>
              <td>{line.figure}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShareResult text={shareText(card as GameCard)} />
      <SettleUp card={card} />
      <div className="group-table__scroll">
        <table className="group-table" data-testid="group-holes">
          <caption>Every hole</caption>
          <thead>
            <tr>
              <th scope="col">Hole</th>
              <th scope="col">Par</th>
              {players.map((player, which) => (
                <th key={which} scope="col">
                  {player.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {card.holePars.map((par, at) => (
              <tr key={at}>
                <th scope="row">{holeNumber(card, at)}</th>
                <td>{par}</td>
                {players.map((player, which) => (
                  <td key={which}>
                    {player.holes[at]?.strokes ??
                      (player.entered[at] ? <abbr title="Picked up">PU</abbr> : '–')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
