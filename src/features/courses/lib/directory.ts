import { DataError } from '@/lib/data-error'
import type { Json } from '@/lib/database.types'

export interface DirectoryTee {
  name: string
  holes: 9 | 18
  rating: number
  slope: number
  par: number | null
  /** Whether each hole's par and stroke index came with it, so a card can be scored. */
  hasHoles: boolean
}

export interface DirectoryEntry {
  id: string
  name: string
  /** One of the seed's fictional courses rather than a golfer's. */
  isExample: boolean
  publishedBy: string
  tees: DirectoryTee[]
}

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** search_directory answers with a jsonb list, read without trusting its shape. */
export function directoryTeesFromJson(json: Json): DirectoryTee[] {
  if (!Array.isArray(json)) return []
  return json.filter(isRecord).map((tee) => ({
    name: String(tee.name ?? ''),
    holes: tee.holes === 9 ? 9 : 18,
    rating: Number(tee.course_rating),
    slope: Number(tee.slope_rating),
    par: typeof tee.par === 'number' ? tee.par : null,
    hasHoles: Array.isArray(tee.hole_pars) && Array.isArray(tee.stroke_indexes),
  }))
}

export const DIRECTORY_NEEDS_NETWORK =
  'Finding a course needs the network. Your own courses still work offline.'
export const DIRECTORY_UNREACHABLE =
  "Can't reach HCPFast, and the directory needs the network. Your own courses still work."
export const SEARCH_FAILED = "Couldn't search the directory. Try again."
export const COPY_GONE =
  'This course is no longer in the directory: its publisher withdrew it. Search again.'
export const PUBLISH_LIMIT = 'You can publish at most 20 courses a day. Try again tomorrow.'
export const PUBLISH_NOT_YOURS =
  "Couldn't publish: this course is not in your list any more (deleted on another device?)."
export const WITHDRAW_NOT_YOURS = 'This course is no longer in the directory.'
export const DIRECTORY_REFUSED = "The directory couldn't do that. Try again."

export function directoryFailure(
  error: unknown,
  action: 'search' | 'copy' | 'publish' | 'withdraw',
): string {
  if (error instanceof DataError) {
    if (error.code === 'P0001') return PUBLISH_LIMIT
    if (error.code === 'PT404' || error.code === 'P0002') return COPY_GONE
    if (error.failure === 'not-yours') {
      if (action === 'publish') return PUBLISH_NOT_YOURS
      if (action === 'withdraw') return WITHDRAW_NOT_YOURS
    }
    if (error.failure !== 'unavailable') {
      return action === 'search' ? SEARCH_FAILED : DIRECTORY_REFUSED
    }
  }
  return DIRECTORY_UNREACHABLE
}
