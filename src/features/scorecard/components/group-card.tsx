import { memo, useMemo } from 'react'
import {
  PICKED_UP,
  STROKE_BOUNDS,
  golferPickedUp,
  holeNumber,
  unenteredHole,
  type Card,
  type CardGame,
} from '../lib/card'
import { cardPlayers, runningFigure, shareText, standings } from '../lib/game-card'
import { useCardStore } from '../stores/card-store'
import { ShareResult } from './share-result'
import { SettleUp, SideGamesOnHole } from './side-games-standings'
import { Stepper } from './stepper'

type GameCard = Card & { game: CardGame }

/**
 * The group's rows on a hole (issue 31 §3): a row per player with the strokes they receive on the
 * hole, their running figure, a stepper and "Pick up". Each row is memoised on what it shows, so a
 * tap draws the row tapped (and, in a match, the other's status), not the whole group.
 */
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

interface PlayerRowProps {
  /** 0: the golfer; then the partners in order. */
  which: number
  at: number
  name: string
  par: number
  /** Null until entered (shown at par) or when a partner picked up; the golfer's net double
   * bogey on a hole the golfer picked up. */
  strokes: number | null
  pickedUp: boolean
  received: number
  figure: string
  /** The golfer's net double bogey on the hole: what picking up scores for the round. */
  maximum: number | null
}

function changeStrokes(which: number, at: number, strokes: number) {
  const store = useCardStore.getState()
  if (which > 0) return store.enterPartner(which - 1, at, strokes)
  const par = store.card?.holePars[at] ?? 0
  store.enter(at, { ...(store.card?.scores[at] ?? unenteredHole(par)), strokes })
}

const PlayerRow = memo(function PlayerRow({
  which,
  at,
  name,
  par,
  strokes,
  pickedUp,
  received,
  figure,
  maximum,
}: PlayerRowProps) {
  const nameId = `player-${which}-name`
  const golfer = maximum !== null
  function pickUp() {
    if (golfer) return useCardStore.getState().pickUp(at, maximum)
    useCardStore.getState().enterPartner(which - 1, at, pickedUp ? par : PICKED_UP)
  }
  const note =
    golfer && pickedUp && strokes !== null ? `${strokes} on your record (net double bogey)` : null
  return (
    <section className="player-row" aria-labelledby={nameId}>
      <div className="player-row__head">
        <span id={nameId} className="player-row__name">
          {name}
        </span>
        <Dots received={received} />
        <span className="player-row__figure" data-testid={`player-${which}-figure`}>
          {figure}
        </span>
      </div>
      <div className="player-row__play">
        <Stepper
          id={`player-${which}-strokes`}
          label={golfer ? 'Your strokes' : `${name}'s strokes`}
          labelHidden
          value={pickedUp ? null : (strokes ?? par)}
          unset={strokes === null && !pickedUp}
          shown={pickedUp ? 'Picked up' : undefined}
          first={par}
          bounds={STROKE_BOUNDS}
          note={note}
          onChange={(next) => changeStrokes(which, at, next)}
        />
        <button
          type="button"
          className="player-row__pick"
          aria-pressed={pickedUp}
          aria-label={golfer ? 'Pick up for you: net double bogey' : `Pick up for ${name}`}
          onClick={pickUp}
        >
          Pick up
        </button>
      </div>
    </section>
  )
})

/** The strokes received on the hole as dots (a plus handicap's stroke given back as "+1"). */
function Dots({ received }: { received: number }) {
  const words =
    received === 0
      ? 'no strokes'
      : received > 0
        ? `receives ${received} ${received === 1 ? 'stroke' : 'strokes'}`
        : `gives ${-received} ${received === -1 ? 'stroke' : 'strokes'} back`
  return (
    <span className="player-row__dots">
      <span aria-hidden="true">
        {received > 0 ? '●'.repeat(received) : received < 0 ? `+${-received}` : ''}
      </span>
      <span className="visually-hidden">{words}</span>
    </span>
  )
}

const FIGURE_HEADS = { stroke: 'Net', stableford: 'Points', match: 'Match' } as const

/** The summary's group: each player's total and figure, every hole for every player, Share. */
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
