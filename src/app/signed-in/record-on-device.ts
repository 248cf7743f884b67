import type { AccountRecordRows } from '@/features/account/api/load-account-record'
import { exportCourse, exportRound } from '@/features/account/lib/export-files'
import { useCoursesStore } from '@/features/courses/stores/courses-store'
import { selectTeesByCourse, useTeesStore } from '@/features/courses/stores/tees-table'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import type { RecordsState } from '@/lib/records'
import { handicapStore } from '../handicap'

/** Just after an import a reload is on its way. */
const loaded = (state: Pick<RecordsState<{ id: string }>, 'status' | 'reload'>) =>
  state.status === 'ready' && state.reload === null

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The numbers the database's round_differentials view gives; null while the record is not loaded
 * (the account feature then asks the server). */
export function recordOnDevice(): AccountRecordRows | null {
  const courses = useCoursesStore.getState()
  const rounds = useRoundsStore.getState()
  const tees = useTeesStore.getState()
  if (!loaded(courses) || !loaded(rounds) || !loaded(tees)) return null
  const teesOf = selectTeesByCourse(tees)
  // The handicap store follows the rounds store in the same change, so it holds these rounds.
  const { rounds: newest, record } = handicapStore.getState()
  const scored = record.byRound
  return {
    courses: Object.values(courses.byId)
      .sort(byId)
      .map((course) => exportCourse(course, teesOf.get(course.id) ?? [])),
    rounds: newest
      .map((round) => {
        // A nine shows its pair's differential, or none while it waits for another nine.
        const score = scored.get(round.id)
        return exportRound(round, {
          differential: score?.differential ?? null,
          counts: score?.counts === true,
          adjustedGross: score?.adjustedScore ?? null,
        })
      })
      .sort(byId),
  }
}
