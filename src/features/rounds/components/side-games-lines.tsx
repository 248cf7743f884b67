import '@/styles/side-games.css'
import { TextLines } from '@/components/ui/text-lines'

/** A round's side games as its entry shows them: plain lines the scorecard's engine made. */
export interface RoundSideGames {
  /** How each game ended, the notes, and each game's and the net balances. */
  lines: string[]
  /** "Ben pays You 3 points", or "All square: nobody pays." */
  payments: string[]
}

/** The side games in a round's open entry; nothing for a round without any. */
export function SideGamesLines({ games }: { games: RoundSideGames | null | undefined }) {
  if (!games) return null
  return (
    <div className="detail" data-testid="round-side-games">
      <p className="detail--strong">Side games</p>
      <TextLines lines={games.lines} className="side-games-card__lines" />
      <TextLines
        lines={games.payments}
        className="side-games-card__payments"
        aria-label="Payments"
        data-testid="round-side-games-payments"
      />
    </div>
  )
}
