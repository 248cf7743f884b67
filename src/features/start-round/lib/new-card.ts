import { ulid } from 'ulid'
import type { NineSide, RoundCourse, RoundTee } from '@/lib/tables/rounds'
import type { NewCard } from '../port'

/** The holes played of a tee: a nine of an 18-hole tee, or all of them. */
export function playedRange(tee: RoundTee | undefined, nine: NineSide | null): [number, number] {
  if (nine === 'front') return [0, 9]
  if (nine === 'back') return [9, 18]
  return [0, tee?.holes ?? 18]
}

interface Choices<Game, SideGames> {
  course: RoundCourse
  tee: RoundTee & { holePars: readonly number[]; strokeIndexes: readonly number[] }
  nine: { side: NineSide; rating: number; slope: number } | null
  playedOn: string
  game: Game | null
  sideGames: SideGames | null
}

/** A new card: its id is the round's to be, and it carries its own copy of the tee's holes. */
export function newCard<Game, SideGames>({
  course,
  tee,
  nine,
  playedOn,
  game,
  sideGames,
}: Choices<Game, SideGames>): NewCard<Game> {
  const [from, to] = playedRange(tee, nine?.side ?? null)
  const holePars = tee.holePars.slice(from, to)
  return {
    id: ulid(),
    courseId: course.id,
    courseName: course.name,
    teeId: tee.id,
    teeName: tee.name,
    nine,
    rating: nine?.rating ?? tee.rating,
    slope: nine?.slope ?? tee.slope,
    holePars,
    strokeIndexes: tee.strokeIndexes.slice(from, to),
    firstHole: from + 1,
    playedOn,
    scores: holePars.map(() => null),
    at: 0,
    game: game && sideGames ? { ...game, sideGames } : game,
  }
}
