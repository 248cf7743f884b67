import { useId, useState, type FormEvent } from 'react'
import { NINE_SCORE_BOUNDS, SCORE_BOUNDS, parseRoundForm } from '../lib/parse-round-form'
import { localToday } from '../lib/played-on'
import { ADD_ROUND_COURSE_GONE, ADD_ROUND_INVALID, NINE_SCORE_INVALID } from '../lib/round-messages'
import type { CourseChoice, HoleScore, RoundInput } from '../types'
import type { RoundFormValues } from '../components/add-round-dialog'
import type { Played } from '../components/round-fields'
import { parseNineFields, readPlayedOn } from '../lib/read-round-fields'

interface RoundFormOptions {
  courses: readonly CourseChoice[]
  initial: RoundFormValues | undefined
  onSubmit(input: RoundInput, course: CourseChoice): void
}

/** The round form's choices and its submit: a typed round, or a card's new date. */
export function useRoundForm({ courses, initial, onSubmit }: RoundFormOptions) {
  const [alert, setAlert] = useState<string | null>(null)
  const [today] = useState(localToday)
  const onlyCourse = courses.length === 1 ? courses[0] : undefined
  const preselected = courses.find((course) => course.id === initial?.courseId)
  const [courseId, setCourseId] = useState((onlyCourse ?? preselected)?.id ?? '')
  const course = courses.find((known) => known.id === courseId)
  const tees = course?.tees ?? []
  const [teeId, setTeeId] = useState<string | null>(initial?.teeId ?? null)
  // A round whose tee was deleted is sent without a tee (which changes nothing) unless the golfer
  // picks one.
  const [teeChosen, setTeeChosen] = useState(false)
  const keepsDeletedTee =
    initial?.teeId === null && !teeChosen && courseId === (initial.courseId ?? '')
  const tee = tees.find((known) => known.id === teeId) ?? tees[0]
  const [played, setPlayed] = useState<Played>(initial?.nine ?? 'all')
  const ninesOffered = tee?.holes === 18 && tee.holePars !== null
  const nine = ninesOffered && played !== 'all' ? played : null
  const holes = nine || tee?.holes === 9 ? 9 : 18
  const scoreBounds = holes === 9 ? NINE_SCORE_BOUNDS : SCORE_BOUNDS
  // The database refuses moving a card's holes: only its date can change.
  const card = initial?.holeScores ?? null
  const fixedId = useId()
  const fixedBy = card ? fixedId : undefined

  function chooseCourse(id: string) {
    setCourseId(id)
    setTeeId(null)
    setTeeChosen(true)
    setPlayed('all')
  }

  function dayPlayed(form: FormData): string | null {
    const playedOn = readPlayedOn(form)
    if ('refused' in playedOn) {
      setAlert(playedOn.refused)
      return null
    }
    return playedOn.day
  }

  function submitCard(form: FormData, holeScores: HoleScore[]) {
    const played = courses.find((known) => known.id === initial?.courseId)
    if (!played || !initial?.courseId) {
      setAlert(ADD_ROUND_COURSE_GONE)
      return
    }
    const playedOn = dayPlayed(form)
    if (playedOn === null) return
    const side = initial.nine ?? null
    onSubmit(
      {
        courseId: played.id,
        teeId: initial.teeId ?? null,
        nine:
          side === null
            ? null
            : { side, rating: initial.courseRating ?? 0, slope: initial.slopeRating ?? 0 },
        score: holeScores.reduce((sum, hole) => sum + hole.strokes, 0),
        holeScores,
        playedOn,
      },
      played,
    )
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    if (card) {
      submitCard(form, card)
      return
    }
    const round = parseRoundForm(
      { courseId: String(form.get('courseId') ?? ''), score: String(form.get('score') ?? '') },
      courses,
      holes,
    )
    if (!round) {
      const scoreOnly = holes === 9 && course !== undefined
      setAlert(scoreOnly ? NINE_SCORE_INVALID : ADD_ROUND_INVALID)
      return
    }
    let typedNine: RoundInput['nine'] = null
    if (nine) {
      const typed = parseNineFields(form, nine)
      if (typeof typed === 'string') {
        setAlert(typed)
        return
      }
      typedNine = typed
    }
    const playedOn = dayPlayed(form)
    if (playedOn === null) return
    onSubmit(
      {
        courseId: round.course.id,
        teeId:
          tee && round.course.id === course?.id && course.teesKnown !== false && !keepsDeletedTee
            ? tee.id
            : null,
        nine: typedNine,
        score: round.score,
        holeScores: null,
        playedOn,
      },
      round.course,
    )
  }

  return {
    alert,
    setAlert,
    today,
    courseId,
    tees,
    tee,
    played,
    setPlayed,
    ninesOffered,
    nine,
    holes,
    scoreBounds,
    card,
    fixedId,
    fixedBy,
    chooseCourse,
    chooseTee(id: string) {
      setTeeId(id)
      setTeeChosen(true)
      setPlayed('all')
    },
    submit,
  }
}
