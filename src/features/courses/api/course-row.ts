import type { Database } from '@/lib/database.types'
import type { Course } from '../types'

export type CourseRow = Database['public']['Tables']['courses']['Row']

export const COURSE_COLUMNS = 'id, user_id, name, rating, slope, par, created_at'

// numeric columns may arrive as strings from some paths; the screens need numbers.
export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    name: row.name,
    rating: Number(row.rating),
    slope: Number(row.slope),
    par: row.par === null ? null : Number(row.par),
    createdAt: row.created_at,
  }
}
