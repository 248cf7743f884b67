/** DESIGN §2 and the database's constraint. */
export const SCORE_BOUNDS = { min: 18, max: 200 } as const
export const NINE_SCORE_BOUNDS = { min: 9, max: 100 } as const

const WHOLE_PATTERN = /^\d{1,4}$/

export function parseGrossScore(text: string, holes: 9 | 18 = 18): number | null {
  const trimmed = text.trim()
  if (!WHOLE_PATTERN.test(trimmed)) return null
  const score = Number(trimmed)
  const { min, max } = holes === 9 ? NINE_SCORE_BOUNDS : SCORE_BOUNDS
  return score >= min && score <= max ? score : null
}

/** The golfer's only course is chosen automatically (product-spec §5). */
export function pickCourse<C extends { id: string }>(
  chosenId: string,
  courses: readonly C[],
): C | null {
  if (courses.length === 1) return courses[0] ?? null
  return courses.find((course) => course.id === chosenId) ?? null
}

export function parseRoundForm<C extends { id: string }>(
  fields: { courseId: string; score: string },
  courses: readonly C[],
  holes: 9 | 18 = 18,
): { course: C; score: number } | null {
  const course = pickCourse(fields.courseId, courses)
  const score = parseGrossScore(fields.score, holes)
  if (!course || score === null) return null
  return { course, score }
}
