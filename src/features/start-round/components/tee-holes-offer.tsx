import { Link } from 'react-router-dom'
import type { CoursesPort } from '../port'
import type { TeeChoice } from '../hooks/use-tee-choice'
import { NO_HOLE_DATA } from '../hooks/use-start-round'

/** A tee without each hole's par and stroke index is offered its holes' grid instead. */
export function TeeHolesOffer({ choice, courses }: { choice: TeeChoice; courses: CoursesPort }) {
  const { course, tee, withoutHoles, addingHoles } = choice
  if (!course) return null
  const scorable = tee !== undefined
  const { AddHolesDialog } = courses
  return (
    <>
      {scorable ? null : (
        <p className="form__note" data-testid="no-hole-data">
          {NO_HOLE_DATA} <Link to="/courses">Go to Courses</Link>
        </p>
      )}
      {withoutHoles && withoutHoles.length > 0 ? (
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
              onClick={() => choice.setAddingHoles(known)}
            >
              Add holes to {known.name}
            </button>
          ))}
        </div>
      ) : null}
      {addingHoles ? (
        <AddHolesDialog
          course={course}
          tee={addingHoles}
          onClose={() => choice.setAddingHoles(null)}
          onSaved={() => choice.setTeeId(addingHoles.id)}
        />
      ) : null}
    </>
  )
}
