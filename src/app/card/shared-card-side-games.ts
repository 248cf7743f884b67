import { cellOf } from '@/features/shared-card/lib/cells'
import type { CardEntry, CardPlace, SharedCardRow } from '@/features/shared-card/types'
import {
  sideGameStandings,
  validateSideGames,
  type SideGamePlayer,
  type SideGameStandings,
} from '@/features/scorecard/lib/side-game-standings'
import { sideGamesFromRow } from '@/lib/tables/side-game-rows'

/** A disputed or empty cell is no score yet: the games count up to the last hole agreed for all. */
export function sharedCardSideGames(
  card: Pick<SharedCardRow, 'side_games' | 'holes'>,
  places: readonly CardPlace[],
  entries: readonly CardEntry[],
  locale?: string,
): SideGameStandings | null {
  const stored = sideGamesFromRow(card.side_games)
  if (!stored) return null
  const checked = validateSideGames(stored, { players: places.length, holes: card.holes })
  if (!checked.ok) return null
  // A place keeps no course handicap, which a scramble's team handicap needs.
  const games = { ...checked.games }
  delete games.scramble
  if (!games.skins && !games.nassau && !games.fourBall) return null
  const cells = places.map((place) =>
    Array.from({ length: card.holes }, (_, at) => cellOf(entries, place.player_no, at + 1)),
  )
  const players: SideGamePlayer[] = places.map((place, which) => ({
    name: place.name,
    holes: place.hole_pars.map((par, at) => ({
      par,
      strokeIndex: place.stroke_indexes[at] ?? at + 1,
      strokes: cells[which]?.[at]?.strokes ?? null,
    })),
    strokes: place.strokes_received ?? place.playing_handicap,
    courseHandicap: place.playing_handicap,
  }))
  let played = 0
  while (played < card.holes && cells.every((cellsOf) => cellsOf[played]?.state === 'agreed')) {
    played += 1
  }
  return sideGameStandings(games, { players, played }, locale === undefined ? {} : { locale })
}
