import { describe, expect, it } from 'vitest'
import { readAccountRecord } from '@/features/account/api/load-account-record'
import { useCoursesStore } from '@/features/courses/stores/courses-store'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { aCourse, aRound } from '@/testing/fixtures'
import { recordOnDevice } from './record-on-device'

const links = aCourse({ name: 'Links', rating: 72, slope: 113, par: 70 })
// Rating 72.0, slope 113: each differential is the score − 72.
const rounds = [
  aRound(links, 85, { playedOn: '2026-11-01' }),
  aRound(links, 80, { playedOn: '2026-11-02' }),
  aRound(links, 82, { playedOn: '2026-11-03' }),
]

describe("the golfer's record for export and import", () => {
  it('is read from the device once both lists are loaded, with the differentials and marks', async () => {
    useCoursesStore.getState().hydrate([links])
    useRoundsStore.getState().hydrate(rounds)
    const { source, record } = await readAccountRecord('golfer', recordOnDevice)
    expect(source).toBe('device')
    expect(record.courses).toEqual([
      { id: links.id, name: 'Links', rating: 72, slope: 113, par: 70 },
    ])
    // Three rounds: the lowest differential counts (8.0, the 80).
    expect(
      record.rounds.map(({ score, differential, counts }) => [score, differential, counts]),
    ).toEqual([
      [85, 13, false],
      [80, 8, true],
      [82, 10, false],
    ])
  })

  it('is not offered while a list is not loaded, or a reload is on its way (the server is asked)', () => {
    useCoursesStore.getState().hydrate([links])
    expect(recordOnDevice()).toBeNull()
    useRoundsStore.getState().hydrate(rounds)
    useRoundsStore.getState().beginReload(1)
    expect(recordOnDevice()).toBeNull()
  })
})
