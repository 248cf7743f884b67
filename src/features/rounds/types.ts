export interface Round {
  id: string
  /** Null once the course was deleted; the copies below stay. */
  courseId: string | null
  courseName: string
  courseRating: number
  slopeRating: number
  score: number
  /** The day played, YYYY-MM-DD, as the golfer picked it. */
  playedOn: string
  createdAt: string
}

/** A course a round can be played on, as the Add Round dialog needs it. */
export interface CourseChoice {
  id: string
  name: string
  rating: number
  slope: number
}
