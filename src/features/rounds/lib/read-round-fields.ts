import { parseTeeRating, parseTeeSlope } from '@/lib/tables/tees'
import type { NineSide, RoundInput } from '../types'
import { localToday, parsePlayedOn } from './played-on'
import { PLAYED_ON_IN_FUTURE, PLAYED_ON_INVALID } from './round-messages'

/** A nine's rating and slope as typed, or why they are refused. */
export function parseNineFields(
  form: FormData,
  side: NineSide,
): NonNullable<RoundInput['nine']> | string {
  const rating = parseTeeRating(String(form.get('nineRating') ?? ''), 9)
  const slope = parseTeeSlope(String(form.get('nineSlope') ?? ''))
  const problems = [rating, slope].filter((value) => typeof value === 'string')
  if (typeof rating === 'string' || typeof slope === 'string') {
    return `The nine's ${problems.join(' ').replace(/^The /, '').replace(/ The /g, ' Its ')}`
  }
  return { side, rating, slope }
}

/** The date field as typed: the day, or why it is refused in the golfer's words. */
export function readPlayedOn(form: FormData): { day: string } | { refused: string } {
  const playedOn = parsePlayedOn(String(form.get('playedOn') ?? ''), localToday())
  if (!('refused' in playedOn)) return playedOn
  return { refused: playedOn.refused === 'future' ? PLAYED_ON_IN_FUTURE : PLAYED_ON_INVALID }
}
