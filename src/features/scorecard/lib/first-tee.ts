import type { GameTee, PlayedHoles } from '@/lib/played-holes'
import { GAME_BOUNDS, type GameFormat } from '@/lib/tables/games'
import type { CardGame } from './card'
import { playingHandicaps, type PlayingHandicap, type PlayingTee } from './formats'

export interface PlayerTee {
  playing: PlayingTee
  /** The player's holes when the tee is not the golfer's; null: the card's own. */
  holePars: number[] | null
  strokeIndexes: number[] | null
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** Another tee over a nine has no nine's rating typed: it plays off half its rating (.5 up). */
export function playerTee(tee: GameTee, played: PlayedHoles): PlayerTee {
  const holePars = tee.holePars.slice(played.from, played.to)
  const holes = holePars.length === 9 ? 9 : 18
  const par = sum(holePars)
  if (tee.id === played.teeId) {
    return {
      playing: { courseRating: played.rating, slopeRating: played.slope, par, holes },
      holePars: null,
      strokeIndexes: null,
    }
  }
  const tenths = Math.round(tee.rating * 10)
  const rating = holes === 9 && tee.holes === 18 ? Math.round(tenths / 2) / 10 : tenths / 10
  return {
    playing: { courseRating: rating, slopeRating: tee.slope, par, holes },
    holePars,
    strokeIndexes: tee.strokeIndexes.slice(played.from, played.to),
  }
}

/** A tee a partner may play from: one with as many holes as the golfer's. */
export const playableWith = (tee: GameTee, golfer: GameTee) => tee.holes === golfer.holes

export interface PartnerSetup {
  name: string
  index: number
  tee: GameTee
}

export function firstTeeFigures(
  format: GameFormat,
  allowancePercent: number,
  golfer: { index: number; tee: GameTee },
  partners: readonly PartnerSetup[],
  played: PlayedHoles,
): PlayingHandicap[] {
  return playingHandicaps(
    [golfer, ...partners].map((player) => ({
      index: player.index,
      tee: playerTee(player.tee, played).playing,
    })),
    format,
    allowancePercent,
  )
}

export function startGame(
  format: GameFormat,
  allowancePercent: number,
  golfer: { index: number; tee: GameTee },
  partners: readonly PartnerSetup[],
  played: PlayedHoles,
): CardGame {
  const figures = firstTeeFigures(format, allowancePercent, golfer, partners, played)
  const own = figures[0] as PlayingHandicap
  return {
    format,
    allowancePercent,
    index: golfer.index,
    courseHandicap: own.courseHandicap,
    playingHandicap: own.playingHandicap,
    strokes: own.strokes,
    partners: partners.map((partner, at) => {
      const tee = playerTee(partner.tee, played)
      const figure = figures[at + 1] as PlayingHandicap
      return {
        name: partner.name,
        index: partner.index,
        teeId: partner.tee.id,
        teeName: partner.tee.name,
        holePars: tee.holePars,
        strokeIndexes: tee.strokeIndexes,
        courseHandicap: figure.courseHandicap,
        playingHandicap: figure.playingHandicap,
        strokes: figure.strokes,
        scores: Array.from({ length: played.to - played.from }, () => null),
      }
    }),
  }
}

export const PARTNER_NAME_INVALID = `Enter a name of ${GAME_BOUNDS.name.min} to ${GAME_BOUNDS.name.max} characters.`
export const PARTNER_INDEX_INVALID =
  'Enter an index from +10.0 to 54.0 with at most one decimal, such as 18.2, or +1.2 for a plus index.'
export const ALLOWANCE_INVALID = `Enter an allowance from ${GAME_BOUNDS.allowancePercent.min} to ${GAME_BOUNDS.allowancePercent.max} percent, a whole number.`
export const MATCH_PLAYERS = 'Match play is for two players: you and one partner.'

/** A partner's name as typed, trimmed, or null when the bounds refuse it. */
export function parsePartnerName(text: string): string | null {
  const name = text.trim()
  return [...name].length >= GAME_BOUNDS.name.min && [...name].length <= GAME_BOUNDS.name.max
    ? name
    : null
}

export function parseAllowance(text: string): number | null {
  const trimmed = text.trim().replace(/%$/, '').trim()
  if (!/^\d{1,3}$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value >= GAME_BOUNDS.allowancePercent.min && value <= GAME_BOUNDS.allowancePercent.max
    ? value
    : null
}
