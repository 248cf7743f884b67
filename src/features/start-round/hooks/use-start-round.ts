import { useState, type FormEvent } from 'react'
import type { RoundCourse } from '@/lib/tables/rounds'
import { gameTee, readFirstTee } from '../lib/read-first-tee'
import type { StartRoundPort } from '../port'
import { useFirstTee } from './use-first-tee'
import { useTeeChoice } from './use-tee-choice'

export const NO_HOLE_DATA =
  "This tee can't be scored hole by hole yet: add each hole's par and stroke index to this tee on the Courses screen."
export const CARD_NOT_KEPT =
  "This device won't keep a scorecard (its storage is full or blocked), so the round can't be scored here."

interface StartRound<Game, SideGames, Picker> {
  port: StartRoundPort<Game, SideGames, Picker>
  userId: string
  courses: readonly RoundCourse[]
  onStarted(id: string): void
}

/** Everything the form holds, and its start: the card is written on the device at once. */
export function useStartRound<Game, SideGames, Picker>({
  port,
  userId,
  courses,
  onStarted,
}: StartRound<Game, SideGames, Picker>) {
  const { fields, handicap, game } = port
  const [alert, setAlert] = useState<string | null>(null)
  const [today] = useState(fields.localToday)
  const choice = useTeeChoice(courses, port.courses)
  const { course, tee, nine, from, to } = choice
  const [dayPlayed, setDayPlayed] = useState(today)
  const storedIndex = handicap.useIndexOn(dayPlayed)
  // A nine's rating and slope as typed so far: the figures before starting are played off them.
  const [nineTyped, setNineTyped] = useState<{ rating: number; slope: number } | null>(null)
  const firstTee = useFirstTee(game.defaultAllowance)
  const sideGames = game.useSideGamesPicker()
  const gameTees = choice.tees.flatMap((known) => gameTee(known) ?? [])
  const golferTee = tee ? gameTee(tee) : null
  const rules = { ...game, parseIndex: handicap.parseIndex }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!course) return setAlert('Choose the course you are playing.')
    if (!tee || !golferTee) return setAlert(NO_HOLE_DATA)
    const form = new FormData(event.currentTarget)
    const typed = nine ? fields.parseNineFields(form, nine) : null
    if (typeof typed === 'string') return setAlert(typed)
    const day = fields.readPlayedOn(form)
    if ('refused' in day) return setAlert(day.refused)
    const played = {
      teeId: tee.id,
      rating: typed?.rating ?? tee.rating,
      slope: typed?.slope ?? tee.slope,
      from,
      to,
    }
    const index = handicap.indexOn(day.day)
    const first = readFirstTee(rules, firstTee, index, golferTee, gameTees, played)
    const side =
      firstTee.partners.length > 0
        ? game.readSideGames(sideGames, { players: firstTee.partners.length + 1, holes: to - from })
        : { games: null }
    if ('errors' in first || side === false) {
      if ('errors' in first) firstTee.setErrors(first.errors)
      // The first field refused is where the golfer goes next.
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(
            '.first-tee [aria-invalid="true"], .side-games [aria-invalid="true"]',
          )
          ?.focus(),
      )
      return
    }
    const id = game.startCard(userId, {
      course,
      tee: golferTee,
      played,
      playedOn: day.day,
      game: first.game && side.games ? { ...first.game, sideGames: side.games } : first.game,
    })
    if (id === null) return setAlert(CARD_NOT_KEPT)
    onStarted(id)
  }

  /** The date and a nine's figures as typed, for the figures shown before starting. */
  function change(form: FormData) {
    const typedDay = fields.readPlayedOn(form)
    if ('day' in typedDay) setDayPlayed(typedDay.day)
    const typedNine = nine ? fields.parseNineFields(form, nine) : null
    setNineTyped(typeof typedNine === 'string' ? null : typedNine)
  }

  return {
    alert,
    setAlert,
    today,
    choice,
    storedIndex,
    nineTyped,
    firstTee,
    sideGames,
    gameTees,
    golferTee,
    submit,
    change,
  }
}
