import { useId, useState, type FormEvent, type ReactElement } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { NINE_SCORE_BOUNDS, SCORE_BOUNDS, parseRoundForm } from '../lib/parse-round-form'
import { localToday } from '../lib/played-on'
import { ADD_ROUND_COURSE_GONE, ADD_ROUND_INVALID, NINE_SCORE_INVALID } from '../lib/round-messages'
import type { CourseChoice, HoleScore, NineSide, RoundInput } from '../types'
import {
  CourseField,
  DatePlayedField,
  HolesPlayedField,
  NineFields,
  TeeField,
  parseNineFields,
  readPlayedOn,
  type Played,
} from './round-fields'

export interface RoundFormValues {
  courseId?: string | null
  teeId?: string | null
  nine?: NineSide | null
  courseRating?: number
  slopeRating?: number
  score?: number
  /** A round scored hole by hole keeps its holes through an edit. */
  holeScores?: HoleScore[] | null
  playedOn?: string
}

interface RoundDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  trigger?: ReactElement
  courses: readonly CourseChoice[]
  initial?: RoundFormValues
}

interface AddRoundDialogProps extends RoundDialogProps {
  onAdd(input: RoundInput, course: CourseChoice): void
}

export function AddRoundDialog({ onAdd, ...props }: AddRoundDialogProps) {
  return <RoundDialog {...props} title="Add Round" submitLabel="Add Round" onSubmit={onAdd} />
}

interface EditRoundDialogProps extends RoundDialogProps {
  onSave(input: RoundInput, course: CourseChoice): void
}

export function EditRoundDialog({ onSave, ...props }: EditRoundDialogProps) {
  return <RoundDialog {...props} title="Edit Round" submitLabel="Save Round" onSubmit={onSave} />
}

function RoundDialog({
  open,
  onOpenChange,
  trigger,
  courses,
  initial,
  title,
  submitLabel,
  onSubmit,
}: RoundDialogProps & {
  title: string
  submitLabel: string
  onSubmit(input: RoundInput, course: CourseChoice): void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={title}>
      <RoundForm
        courses={courses}
        initial={initial}
        submitLabel={submitLabel}
        onSubmit={(input, course) => {
          onSubmit(input, course)
          onOpenChange(false)
        }}
      />
    </Dialog>
  )
}

function RoundForm({
  courses,
  initial,
  submitLabel,
  onSubmit,
}: {
  courses: readonly CourseChoice[]
  initial: RoundFormValues | undefined
  submitLabel: string
  onSubmit(input: RoundInput, course: CourseChoice): void
}) {
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

  return (
    // Once the golfer changes a field the alert may no longer be true, so it goes.
    <form className="form" onSubmit={submit} onChange={() => setAlert(null)} noValidate>
      <CourseField courses={courses} value={courseId} onChange={chooseCourse} fixedBy={fixedBy} />
      {tee ? (
        <TeeField
          tees={tees}
          value={tee.id}
          onChange={(id) => {
            setTeeId(id)
            setTeeChosen(true)
            setPlayed('all')
          }}
          fixedBy={fixedBy}
        />
      ) : null}
      {ninesOffered ? (
        <HolesPlayedField value={played} onChange={setPlayed} fixedBy={fixedBy} />
      ) : null}
      {card ? (
        <p className="field__hint" id={fixedId}>
          Scored hole by hole: the round stays on the course, tee and holes it was played on.
        </p>
      ) : null}
      {nine ? (
        <NineFields initial={initial?.nine ? initial : undefined} readOnly={card !== null} />
      ) : null}
      <TextField
        label="Gross Score"
        name="score"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={initial?.score ?? ''}
        readOnly={card !== null}
        hint={
          card
            ? `The sum of the ${card.length} holes on the card, so it is not typed here`
            : `A whole number from ${scoreBounds.min} to ${scoreBounds.max}`
        }
      />
      {holes === 9 ? (
        <p className="field__hint" data-testid="nines-note">
          Nines count in pairs (the WHS 2020 method): this nine is added to your next one into one
          18-hole score.
        </p>
      ) : null}
      <DatePlayedField today={today} defaultValue={initial?.playedOn ?? today} />
      <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
      <DialogActions submitLabel={submitLabel} />
    </form>
  )
}
