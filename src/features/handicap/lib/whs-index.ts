import {
  differentialTenths,
  differentialsUsed,
  keepIfLowest,
  roundHalfUp,
  type ScoredRound,
} from './handicap-index'

/** All arithmetic is in whole tenths, so ties round toward +∞ exactly. */
export interface WhsInputRound extends ScoredRound {
  playedOn: string
}

export type WhsCap = 'none' | 'soft' | 'hard'

export interface WhsRoundResult {
  differential: number
  /** Less every exceptional reduction that covers it, as of the last round. */
  adjustedDifferential: number
  /** Whole points this round's exceptional score took off it and the 19 rounds before it. */
  exceptionalReduction: 0 | 1 | 2
  indexAfter: number | null
  counts: boolean
}

export interface WhsRecord {
  rounds: WhsRoundResult[]
  index: number | null
  lowIndex: number | null
  cap: WhsCap
}

/** Rule 5.2. */
const LATEST = 20
/** Rule 5.3. */
const MAXIMUM_TENTHS = 540
/** Rule 5.8. */
const SOFT_CAP_TENTHS = 30
const HARD_CAP_TENTHS = 50
/** Rule 5.7. */
const LOW_INDEX_DAYS = 365
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** Days since 1970-01-01; no Date object, as a long record parses thousands of days. */
function dayNumber(playedOn: string): number {
  const match = DAY_PATTERN.exec(playedOn)
  if (match) {
    const year = Number(match[1])
    const month = Number(match[2])
    const day = Number(match[3])
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
    const monthDays = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]
    if (monthDays !== undefined && day >= 1 && day <= monthDays) {
      return Date.UTC(year, month - 1, day) / 86_400_000
    }
  }
  throw new RangeError(`played on must be a day as YYYY-MM-DD, got ${playedOn}`)
}

/** Rule 5.9: 10.0 or more below the index in effect takes 2.0 off, 7.0 to 9.9 takes 1.0. */
function exceptionalReduction(inEffect: number | null, differential: number): 0 | 1 | 2 {
  if (inEffect === null) return 0
  if (inEffect - differential >= 100) return 2
  if (inEffect - differential >= 70) return 1
  return 0
}

/** Rule 5.8 on a calculated index and a low index, both in tenths, then the 54.0 maximum. */
function capped(calculated: number, low: number | null): { tenths: number; cap: WhsCap } {
  let tenths = calculated
  let cap: WhsCap = 'none'
  if (low !== null && calculated - low > SOFT_CAP_TENTHS) {
    const soft = low + SOFT_CAP_TENTHS + roundHalfUp(calculated - low - SOFT_CAP_TENTHS, 2)
    if (soft > low + HARD_CAP_TENTHS) {
      tenths = low + HARD_CAP_TENTHS
      cap = 'hard'
    } else {
      tenths = soft
      // A rise of 3.1 halves to 0.05, which rounds back up to 0.1: nothing was lowered.
      if (soft < calculated) cap = 'soft'
    }
  }
  return { tenths: Math.min(tenths, MAXIMUM_TENTHS), cap }
}

/** A day whose estimate is not above a later one's can never be the lowest again, so it is dropped. */
class LowestOfDays {
  private days: number[] = []
  private estimates: number[] = []
  private first = 0

  copy(): LowestOfDays {
    const copy = new LowestOfDays()
    copy.days = this.days.slice(this.first)
    copy.estimates = this.estimates.slice(this.first)
    return copy
  }

  add(day: number, estimate: number): void {
    while (this.estimates.length > this.first && (this.estimates.at(-1) as number) >= estimate) {
      this.days.pop()
      this.estimates.pop()
    }
    this.days.push(day)
    this.estimates.push(estimate)
  }

  peekSince(since: number, added: { day: number; estimate: number } | null): number | null {
    let at = this.first
    while (at < this.days.length && (this.days[at] as number) < since) at += 1
    const held = at < this.estimates.length ? (this.estimates[at] as number) : null
    if (added === null || added.day < since) return held
    return held === null || added.estimate < held ? added.estimate : held
  }

  lowestSince(since: number): number | null {
    while (this.first < this.days.length && (this.days[this.first] as number) < since) {
      this.first += 1
    }
    return this.first < this.estimates.length ? (this.estimates[this.first] as number) : null
  }
}

/** Walked oldest first, so a caller can decide a round from the estimate before its day and then
 * add it without walking the record again. */
export class WhsWalk {
  private differentials: number[] = []
  private reductions: (0 | 1 | 2)[] = []
  private indexes: (number | null)[] = []
  private lowestOfDays = new LowestOfDays()
  private day = Number.NaN
  private dayText = ''
  private inEffect: number | null = null
  private lowOfDay: number | null = null
  private lowIndex: number | null = null
  private cap: WhsCap = 'none'

  copy(): WhsWalk {
    const copy = new WhsWalk()
    copy.differentials = this.differentials.slice()
    copy.reductions = this.reductions.slice()
    copy.indexes = this.indexes.slice()
    copy.lowestOfDays = this.lowestOfDays.copy()
    copy.day = this.day
    copy.dayText = this.dayText
    copy.inEffect = this.inEffect
    copy.lowOfDay = this.lowOfDay
    copy.lowIndex = this.lowIndex
    copy.cap = this.cap
    return copy
  }

  get index(): number | null {
    const after = this.indexes.at(-1) ?? null
    return after === null ? null : after / 10
  }

  add(round: WhsInputRound): void {
    const at = this.differentials.length
    const played = round.playedOn === this.dayText ? this.day : dayNumber(round.playedOn)
    this.dayText = round.playedOn
    if (played < this.day) {
      throw new RangeError(
        `rounds must be oldest first: round ${at} was played before round ${at - 1}`,
      )
    }
    if (played !== this.day) {
      // Rule 5.4: every round of a day is played off the estimate at the end of the day before.
      if (at > 0) {
        this.inEffect = this.indexes[at - 1] as number | null
        if (this.inEffect !== null) this.lowestOfDays.add(this.day, this.inEffect)
      }
      this.day = played
      this.lowOfDay = this.lowestOfDays.lowestSince(played - LOW_INDEX_DAYS) ?? this.inEffect
    }
    const differential = differentialTenths(round)
    this.differentials.push(differential)
    this.reductions.push(exceptionalReduction(this.inEffect, differential))
    const result = this.estimateOfLast(this.lowOfDay)
    if (!result) {
      this.indexes.push(null)
      return
    }
    this.lowIndex = result.lowIndex
    this.cap = result.cap
    this.indexes.push(result.tenths)
  }

  /** Changes nothing. */
  indexIfAdded(differential: number, playedOn: string): number | null {
    const at = this.differentials.length
    const played = playedOn === this.dayText ? this.day : dayNumber(playedOn)
    if (played < this.day) {
      throw new RangeError(
        `rounds must be oldest first: round ${at} was played before round ${at - 1}`,
      )
    }
    let inEffect = this.inEffect
    let lowOfDay = this.lowOfDay
    if (played !== this.day) {
      if (at > 0) inEffect = this.indexes[at - 1] as number | null
      const added = at > 0 && inEffect !== null ? { day: this.day, estimate: inEffect } : null
      lowOfDay = this.lowestOfDays.peekSince(played - LOW_INDEX_DAYS, added) ?? inEffect
    }
    this.differentials.push(differential)
    this.reductions.push(exceptionalReduction(inEffect, differential))
    try {
      return this.estimateOfLast(lowOfDay)?.tenths ?? null
    } finally {
      this.differentials.pop()
      this.reductions.pop()
    }
  }

  private estimateOfLast(
    lowOfDay: number | null,
  ): { tenths: number; lowIndex: number | null; cap: WhsCap } | null {
    const at = this.differentials.length - 1
    const rule = differentialsUsed(Math.min(at + 1, LATEST))
    if (!rule) return null
    // Within the latest 20, a round is covered by every exceptional round from it to this one.
    const lowest: number[] = []
    let covering = 0
    for (let back = at; back >= 0 && back > at - LATEST; back--) {
      covering += 10 * (this.reductions[back] as number)
      keepIfLowest(lowest, (this.differentials[back] as number) - covering, rule.count)
    }
    const sum = lowest.reduce((total, tenths) => total + tenths, 0)
    const calculated = roundHalfUp(sum, rule.count) - rule.adjustmentTenths
    const lowIndex = at + 1 >= LATEST ? lowOfDay : null
    return { ...capped(calculated, lowIndex), lowIndex }
  }

  record(): WhsRecord {
    const { differentials, reductions, indexes } = this
    const adjusted = finalAdjustments(differentials, reductions)
    const counts = finalCounts(adjusted)
    const index = indexes.at(-1) ?? null
    return {
      rounds: differentials.map((differential, at) => {
        const after = indexes[at] as number | null
        return {
          differential: differential / 10,
          adjustedDifferential: (adjusted[at] as number) / 10,
          exceptionalReduction: reductions[at] as 0 | 1 | 2,
          indexAfter: after === null ? null : after / 10,
          counts: counts[at] as boolean,
        }
      }),
      index: index === null ? null : index / 10,
      lowIndex: index === null || this.lowIndex === null ? null : this.lowIndex / 10,
      cap: index === null ? 'none' : this.cap,
    }
  }
}

export function whsRecord(rounds: readonly WhsInputRound[]): WhsRecord {
  const walk = new WhsWalk()
  for (const round of rounds) walk.add(round)
  return walk.record()
}

/** Less the reductions of the exceptional rounds among it and the 19 after it. */
function finalAdjustments(
  differentials: readonly number[],
  reductions: readonly number[],
): number[] {
  // Filled, not grown from the end: an array written from its last index first is a sparse one.
  const adjusted = new Array<number>(differentials.length).fill(0)
  let covering = 0
  for (let at = differentials.length - 1; at >= 0; at--) {
    covering += 10 * (reductions[at] as number)
    if (at + LATEST < reductions.length) covering -= 10 * (reductions[at + LATEST] as number)
    adjusted[at] = (differentials[at] as number) - covering
  }
  return adjusted
}

/** The lowest of the latest 20, the more recent on a tie. */
function finalCounts(adjusted: readonly number[]): boolean[] {
  const counts = adjusted.map(() => false)
  const latest = Math.max(0, adjusted.length - LATEST)
  const rule = differentialsUsed(adjusted.length - latest)
  if (!rule) return counts
  const positions = Array.from({ length: adjusted.length - latest }, (_, offset) => latest + offset)
  positions.sort((a, b) => (adjusted[a] as number) - (adjusted[b] as number) || b - a)
  for (const position of positions.slice(0, rule.count)) counts[position] = true
  return counts
}
