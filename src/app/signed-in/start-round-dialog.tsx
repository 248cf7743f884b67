import { useState, type FormEvent } from 'react'
import { Link } from '@/lib/routing'
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

/**
 * "Start a round": course, tee, the holes played and the day; the card is made on the device at
 * once (its id is the round's to be) and the scorecard opens.
 */
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
  // The number to beat on the chosen tee; for a nine of an 18-hole tee the typed nine's rating
  // decides it, so none is shown.
  const targetOf = useTeeTargets()

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
    const [from, to] = nine === 'front' ? [0, 9] : nine === 'back' ? [9, 18] : [0, tee.holes]
    const holePars = tee.holePars.slice(from, to)
    const card: Card = {
      id: ulid(),
      courseId: course.id,
      courseName: course.name,
      teeId: tee.id,
      teeName: tee.name,
      nine: typed,
      rating: typed?.rating ?? tee.rating,
      slope: typed?.slope ?? tee.slope,
      holePars,
      strokeIndexes: tee.strokeIndexes.slice(from, to),
      firstHole: from + 1,
      playedOn: day.day,
      scores: holePars.map(() => null),
      at: 0,
    }
    if (!writeCard(userId, card)) return setAlert(CARD_NOT_KEPT)
    onStarted(card.id)
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
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
