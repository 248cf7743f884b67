import type { FormEvent } from 'react'
import { TextField } from '@/components/ui/text-field'
import { COURSE_BOUNDS } from '../lib/parse-course-form'
import type { Course } from '../types'

/** A course's name, rating and slope, empty for a new course or filled with the one edited. */
export function CourseFields({ course }: { course?: Pick<Course, 'name' | 'rating' | 'slope'> }) {
  return (
    <>
      <TextField
        label="Course Name"
        name="name"
        autoComplete="off"
        autoCapitalize="words"
        defaultValue={course?.name}
      />
      <TextField
        label="Course Rating"
        name="rating"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={course?.rating.toFixed(1)}
        hint={`${COURSE_BOUNDS.rating.min.toFixed(1)} to ${COURSE_BOUNDS.rating.max.toFixed(1)}, as on the scorecard`}
      />
      <TextField
        label="Slope Rating"
        name="slope"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={course?.slope}
        hint={`A whole number from ${COURSE_BOUNDS.slope.min} to ${COURSE_BOUNDS.slope.max}`}
      />
    </>
  )
}

/** What the golfer typed into CourseFields, and into a Par field where the form has one. */
function typedCourse(form: FormData) {
  const typed = (name: string) => String(form.get(name) ?? '')
  return { name: typed('name'), rating: typed('rating'), slope: typed('slope'), par: typed('par') }
}

/** A course form's submit: what `parse` makes of the typed course goes to `onParsed`, and a
 * course it refuses to `onRefused`. */
export function submitCourse<Parsed>(
  parse: (typed: ReturnType<typeof typedCourse>) => Parsed | null,
  onParsed: (course: Parsed) => void,
  onRefused: () => void,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const course = parse(typedCourse(new FormData(event.currentTarget)))
    if (course) onParsed(course)
    else onRefused()
  }
}
