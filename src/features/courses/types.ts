export interface Course {
  id: string
  name: string
  /** Course rating, 20.0–90.0 in tenths. */
  rating: number
  /** Slope rating, a whole number 55–155. */
  slope: number
  createdAt: string
}

export interface NewCourse {
  name: string
  rating: number
  slope: number
}
