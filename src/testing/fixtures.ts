import type { Course } from '@/features/courses/types'
import type { HoleScore, Round } from '@/features/rounds/types'
import type { Game, GamePartner } from '@/lib/tables/games'

export const USER_ID = '6f1c3f7e-1d2a-4c1b-9e8a-2b5d4f6a7c8d'

let sequence = 0
/** Later calls sort after earlier ones, as real ULIDs do. */
export function nextId(): string {
  sequence += 1
  return `01JC${String(sequence).padStart(22, '0')}`
}

export function aCourse(overrides: Partial<Course> = {}): Course {
  return {
    id: nextId(),
    name: 'Augusta',
    rating: 76.2,
    slope: 148,
    par: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  }
}

export function aRound(course: Course, score: number, overrides: Partial<Round> = {}): Round {
  return {
    id: nextId(),
    courseId: course.id,
    courseName: course.name,
    teeId: null,
    teeName: 'White',
    holes: 18,
    nine: null,
    courseRating: course.rating,
    slopeRating: course.slope,
    par: course.par,
    holePars: null,
    strokeIndexes: null,
    score,
    holeScores: null,
    game: null,
    playedOn: '2026-11-22',
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  }
}

export interface HoleDetails {
  putts?: readonly (number | null)[]
  fairwayHit?: readonly (boolean | null)[]
  greenInRegulation?: readonly (boolean | null)[]
  penalties?: readonly (number | null)[]
}

export function holeScoresOf(strokes: readonly number[], details: HoleDetails = {}): HoleScore[] {
  return strokes.map((hole, at) => ({
    strokes: hole,
    putts: details.putts?.[at] ?? null,
    fairwayHit: details.fairwayHit?.[at] ?? null,
    greenInRegulation: details.greenInRegulation?.[at] ?? null,
    penalties: details.penalties?.[at] ?? null,
  }))
}

export function aMatchWith(partner: Partial<GamePartner>): Game {
  return {
    format: 'match',
    allowancePercent: 100,
    playingHandicap: 0,
    strokesReceived: 0,
    partners: [
      {
        name: 'Ben',
        index: 0,
        teeId: '01JD0000000000000000000T02',
        teeName: 'White',
        playingHandicap: 0,
        strokesReceived: 0,
        holeStrokes: [],
        ...partner,
      },
    ],
  }
}
