import type { Json } from '../database.types'
import type { SideGames } from './side-games'

/** The export writes this shape and the import reads it back. */
export type SideGamesRow = { [key: string]: Json | undefined; version: number }

/** The app's keys and the database's, for the games and their settings; stakes keep theirs. */
const ROW_KEYS: Readonly<Record<string, string>> = {
  fourBall: 'four_ball',
  carryOver: 'carry_over',
  pressAt: 'press_at',
}
const APP_KEYS = Object.fromEntries(Object.entries(ROW_KEYS).map(([app, row]) => [row, app]))

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Anything unknown is kept as it is, for the database's rule to name. */
function renamed(value: Record<string, unknown>, keys: Readonly<Record<string, string>>) {
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      keys[key] ?? key,
      isObject(inner) && key !== 'stake'
        ? Object.fromEntries(
            Object.entries(inner).map(([setting, v]) => [keys[setting] ?? setting, v]),
          )
        : inner,
    ]),
  )
}

export const sideGamesToRow = (games: SideGames): SideGamesRow =>
  renamed(games as unknown as Record<string, unknown>, ROW_KEYS) as SideGamesRow

/** A row's side games, unchecked beyond being an object (the database's rule holds the shape). */
export const sideGamesFromRow = (value: unknown): SideGames | null =>
  isObject(value) ? (renamed(value, APP_KEYS) as unknown as SideGames) : null
