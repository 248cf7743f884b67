import { useState, type FormEvent } from 'react'
import { ulid } from 'ulid'
import { AlertMessage } from '@/components/ui/alert-message'
import { DataError } from '@/lib/data-error'
import type { SideGames } from '@/lib/tables/side-games'
import { sideGamesToRow } from '@/lib/tables/side-game-rows'
import { createSharedCard } from '../api/shared-card-api'
import type { NewCardPlace } from '../types'

export interface GroupPlayer {
  name: string
  index: number
  teeName: string
  holePars: number[]
  strokeIndexes: number[]
  playingHandicap: number
  strokes: number
}

export interface GroupCard {
  courseName: string
  playedOn: string
  rating: number
  slope: number
  format: string
  allowancePercent: number
  players: GroupPlayer[]
  /** Chosen on the group card's first tee; their places are the players' order here. */
  sideGames?: SideGames
}

/** A partner who plays with HCPFast gets a place kept to join by link; the others stay typed. */
export function StartSharedCard({
  group,
  userId,
  defaultName,
  onStarted,
}: {
  group: GroupCard
  userId: string
  defaultName: string
  onStarted(cardId: string): void
}) {
  const [name, setName] = useState(defaultName)
  const [invited, setInvited] = useState<boolean[]>(() => group.players.map(() => false))
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function start(event: FormEvent) {
    event.preventDefault()
    const id = ulid()
    const places: NewCardPlace[] = group.players.map((player, at) => ({
      card_id: id,
      player_no: at + 1,
      user_id: at === 0 ? userId : null,
      name: at === 0 ? name.trim() : player.name,
      invited: at > 0 && (invited[at] ?? false),
      tee_name: player.teeName,
      course_rating: group.rating,
      slope_rating: group.slope,
      par: player.holePars.reduce((sum, par) => sum + par, 0),
      hole_pars: player.holePars,
      stroke_indexes: player.strokeIndexes,
      index_in_effect: player.index,
      playing_handicap: player.playingHandicap,
      strokes_received: player.strokes,
    }))
    setBusy(true)
    setProblem(null)
    try {
      await createSharedCard(
        {
          id,
          course_name: group.courseName,
          played_on: group.playedOn,
          holes: group.players[0]?.holePars.length ?? 18,
          format: group.format,
          allowance_percent: group.allowancePercent,
          side_games: group.sideGames ? sideGamesToRow(group.sideGames) : null,
        },
        places,
      )
      onStarted(id)
    } catch (error) {
      setBusy(false)
      setProblem(
        error instanceof DataError && error.refused
          ? `The card could not be started: ${error.message}`
          : 'No connection: a shared card starts online. Try again with a signal.',
      )
    }
  }

  return (
    <form className="screen shared-start" onSubmit={(event) => void start(event)}>
      <h1>Score together</h1>
      <p>Everyone on the card scores on their own phone, and sees every score live.</p>
      <div className="field">
        <label htmlFor="shared-start-name">Your name on the card</label>
        <input
          id="shared-start-name"
          value={name}
          required
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <fieldset className="shared-start__players">
        <legend>Who scores on their own phone?</legend>
        {group.players.slice(1).map((player, at) => (
          <label key={player.name} className="shared-start__player">
            <input
              type="checkbox"
              checked={invited[at + 1] ?? false}
              onChange={(event) =>
                setInvited((now) =>
                  now.map((was, i) => (i === at + 1 ? event.target.checked : was)),
                )
              }
            />
            Invite {player.name} (has HCPFast)
          </label>
        ))}
      </fieldset>
      <p className="detail">Players you don&apos;t invite stay typed: you score for them.</p>
      <AlertMessage message={problem} onDismiss={() => setProblem(null)} />
      <button type="submit" className="button button--primary button--wide" disabled={busy}>
        Start the shared card
      </button>
    </form>
  )
}
