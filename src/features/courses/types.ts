export interface Course {
  id: string
  name: string
  /** Course rating, 20.0–90.0 in tenths. */
  rating: number
  /** Slope rating, a whole number 55–155. */
  slope: number
  /** Par of the 18 holes, 54–90, when the golfer has given it (for the course handicap). */
  par: number | null
  createdAt: string
}

export interface NewCourse {
  name: string
  rating: number
  slope: number
}

/** What an edit may change: everything a golfer typed, par included. */
export interface CourseEdit extends NewCourse {
  par: number | null
}
