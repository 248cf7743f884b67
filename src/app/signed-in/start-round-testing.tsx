import { vi } from 'vitest'
import type { RoundCourse } from '@/lib/tables/rounds'
import { renderAt } from '@/testing/render-at'
import { StartRoundDialog } from './start-round-dialog'

export const USER = 'golfer-1'
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5]
const INDEXES = [7, 3, 17, 1, 11, 15, 5, 9, 13, 8, 4, 18, 2, 12, 16, 6, 10, 14]
const teeOf = (id: string, name: string, rating: number, slope: number) => ({
  id,
  name,
  rating,
  slope,
  par: 72,
  holes: 18 as const,
  holePars: PARS,
  strokeIndexes: INDEXES,
})
const OAK_HILL: RoundCourse = {
  id: 'course-1',
  name: 'Oak Hill',
  rating: 71.0,
  slope: 125,
  tees: [teeOf('white', 'White', 71.0, 125), teeOf('yellow', 'Yellow', 69.0, 120)],
  teesKnown: true,
}

/** For tests: the dialog as the HCP screen composes it, at Oak Hill's two 18-hole tees. */
export function open(onStarted = vi.fn()) {
  const rendered = renderAt(
    '/hcp',
    <StartRoundDialog userId={USER} courses={[OAK_HILL]} onStarted={onStarted} />,
  )
  return { ...rendered, onStarted }
}
