import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { ulid } from 'ulid'
import { AlertMessage } from '@/components/ui/alert-message'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import {
  CourseField,
  DatePlayedField,
  HolesPlayedField,
  NineFields,
  TeeField,
  parseNineFields,
  type Played,
} from '@/features/rounds/components/add-round-dialog'
import { localToday, parsePlayedOn } from '@/features/rounds/lib/played-on'
import { PLAYED_ON_IN_FUTURE, PLAYED_ON_INVALID } from '@/features/rounds/lib/round-messages'
import type { CourseChoice } from '@/features/rounds/types'
import { TeeDialog } from '@/features/courses/components/tee-dialog'
import { isScorable } from '@/features/courses/lib/course-tees'
import {
  editTeeOptimistically,
  selectTeesByCourse,
  useTeesStore,
} from '@/features/courses/stores/tees-table'
import type { Tee } from '@/lib/tables/tees'
import { writeCard, type Card } from '@/features/scorecard/lib/card'
import { indexOn } from '@/features/handicap/stores/handicap-store'
import { handicapStore, useHandicap } from '../handicap'
import { FirstTeeFields, gameTee, readFirstTee, useFirstTee } from './first-tee-fields'
import {
  SideGamesPicker,
  useSideGamesPicker,
} from '@/features/scorecard/components/side-games-picker'
import { readSideGames } from '@/features/scorecard/lib/side-games-draft'
import { useTeeTargets } from './tee-targets'

export const NO_HOLE_DATA =
  "This tee can't be scored hole by hole yet: add each hole's par and stroke index to this tee on the Courses screen."
export const CARD_NOT_KEPT =
  "This device won't keep a scorecard (its storage is full or blocked), so the round can't be scored here."

interface StartRoundDialogProps {
  userId: string
  courses: readonly CourseChoice[]
  onStarted(id: string): void
}

/** The card is made on the device at once (its id is the round's to be). */
export function StartRoundDialog({ userId, courses, onStarted }: StartRoundDialogProps) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Start a round"
      trigger={
        <button type="button" className="button button--primary button--wide">
          Start a round
        </button>
      }
    >
      <StartRoundForm userId={userId} courses={courses} onStarted={onStarted} />
    </Dialog>
  )
}

function StartRoundForm({ userId, courses, onStarted }: StartRoundDialogProps) {
  const [alert, setAlert] = useState<string | null>(null)
  const [today] = useState(localToday)
  const [courseId, setCourseId] = useState(courses.length === 1 ? (courses[0]?.id ?? '') : '')
  const course = courses.find((known) => known.id === courseId)
  const courseTees = course?.teesKnown === false ? [] : (course?.tees ?? [])
  // Only a tee with every hole's par and stroke index can be scored; the others are offered
  // their holes' grid instead.
  const tees = courseTees.filter(isScorable)
  const withoutHoles = useTeesStore(selectTeesByCourse)
    .get(courseId)
    ?.filter((known) => !isScorable(known))
  const [addingHoles, setAddingHoles] = useState<Tee | null>(null)
  const [teeId, setTeeId] = useState<string | null>(null)
  const tee = tees.find((known) => known.id === teeId) ?? tees[0]
  const [played, setPlayed] = useState<Played>('all')
  const scorable = tee !== undefined
  const nine = tee?.holes === 18 && played !== 'all' ? played : null
  // For a nine of an 18-hole tee the typed rating decides it, so none is shown.
  const targetOf = useTeeTargets()
  const [dayPlayed, setDayPlayed] = useState(today)
  const storedIndex = useHandicap((state) => indexOn(state, dayPlayed))
  // A nine's rating and slope as typed so far: the figures before starting are played off them.
  const [nineTyped, setNineTyped] = useState<{ rating: number; slope: number } | null>(null)
  const firstTee = useFirstTee()
  const sideGames = useSideGamesPicker()
  const gameTees = tees.flatMap((known) => gameTee(known) ?? [])
  const golferTee = tee ? gameTee(tee) : null
  const [from, to] = nine === 'front' ? [0, 9] : nine === 'back' ? [9, 18] : [0, tee?.holes ?? 18]

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!course) return setAlert('Choose the course you are playing.')
    if (!tee?.holePars || !tee.strokeIndexes) return setAlert(NO_HOLE_DATA)
    const form = new FormData(event.currentTarget)
    const typed = nine ? parseNineFields(form, nine) : null
    if (typeof typed === 'string') return setAlert(typed)
    const day = parsePlayedOn(String(form.get('playedOn') ?? ''), localToday())
    if ('refused' in day) {
      return setAlert(day.refused === 'future' ? PLAYED_ON_IN_FUTURE : PLAYED_ON_INVALID)
    }
    const holePars = tee.holePars.slice(from, to)
    const rating = typed?.rating ?? tee.rating
    const slope = typed?.slope ?? tee.slope
    const first = golferTee
      ? readFirstTee(firstTee, indexOn(handicapStore.getState(), day.day), golferTee, gameTees, {
          teeId: tee.id,
          rating,
          slope,
          from,
          to,
        })
      : { game: null }
    const side =
      firstTee.partners.length > 0
        ? readSideGames(sideGames.draft, {
            players: firstTee.partners.length + 1,
            holes: to - from,
          })
        : { games: null }
    if ('problems' in side) sideGames.setProblems(side.problems)
    if ('errors' in first || 'problems' in side) {
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
    const card: Card = {
      id: ulid(),
      courseId: course.id,
      courseName: course.name,
      teeId: tee.id,
      teeName: tee.name,
      nine: typed,
      rating,
      slope,
      holePars,
      strokeIndexes: tee.strokeIndexes.slice(from, to),
      firstHole: from + 1,
      playedOn: day.day,
      scores: holePars.map(() => null),
      at: 0,
      game: first.game && side.games ? { ...first.game, sideGames: side.games } : first.game,
    }
    if (!writeCard(userId, card)) return setAlert(CARD_NOT_KEPT)
    onStarted(card.id)
  }

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      onChange={(event) => {
        const typedDay = parsePlayedOn(
          String(new FormData(event.currentTarget).get('playedOn') ?? ''),
          localToday(),
        )
        if (!('refused' in typedDay)) setDayPlayed(typedDay.day)
        const typedNine = nine ? parseNineFields(new FormData(event.currentTarget), nine) : null
        setNineTyped(typeof typedNine === 'string' ? null : typedNine)
      }}
    >
      <CourseField
        courses={courses}
        value={courseId}
        onChange={(id) => {
          setCourseId(id)
          setTeeId(null)
          setPlayed('all')
        }}
      />
      {tee ? (
        <TeeField
          tees={tees}
          value={tee.id}
          onChange={(id) => {
            setTeeId(id)
            setPlayed('all')
          }}
        />
      ) : null}
      {tee && !nine ? targetOf(tee) : null}
      {course && !scorable ? (
        <p className="form__note" data-testid="no-hole-data">
          {NO_HOLE_DATA} <Link to="/courses">Go to Courses</Link>
        </p>
      ) : null}
      {course && withoutHoles && withoutHoles.length > 0 ? (
        <div className="field">
          {scorable ? (
            <p className="field__hint">
              Not offered for scoring until each hole&apos;s par and stroke index are added:
            </p>
          ) : null}
          {withoutHoles.map((known) => (
            <button
              key={known.id}
              type="button"
              className="button button--secondary"
              onClick={() => setAddingHoles(known)}
            >
              Add holes to {known.name}
            </button>
          ))}
        </div>
      ) : null}
      {tee?.holes === 18 && scorable ? (
        <HolesPlayedField value={played} onChange={setPlayed} />
      ) : null}
      {nine ? <NineFields /> : null}
      <DatePlayedField today={today} defaultValue={today} />
      {golferTee ? (
        <FirstTeeFields
          firstTee={firstTee}
          storedIndex={storedIndex}
          golferTee={golferTee}
          tees={gameTees}
          played={{
            teeId: golferTee.id,
            rating: nine
              ? (nineTyped?.rating ?? Math.round(golferTee.rating * 5) / 10)
              : golferTee.rating,
            slope: nine ? (nineTyped?.slope ?? golferTee.slope) : golferTee.slope,
            from,
            to,
          }}
        />
      ) : null}
      {golferTee && firstTee.partners.length > 0 ? (
        <SideGamesPicker
          picker={sideGames}
          partnerNames={firstTee.partners.map((partner) => partner.name)}
        />
      ) : null}
      <p className="field__hint">
        The card is kept on this device until you finish it; the round then reaches your other
        devices.
      </p>
      <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
      <DialogActions submitLabel="Start scoring" />
      {addingHoles && course ? (
        <TeeDialog
          courseId={course.id}
          courseName={course.name}
          tee={addingHoles}
          withHoles
          onOpenChange={(open) => {
            if (!open) setAddingHoles(null)
          }}
          onSave={(input) => {
            void editTeeOptimistically(addingHoles, input)
            setTeeId(addingHoles.id)
          }}
        />
      ) : null}
    </form>
  )
}
