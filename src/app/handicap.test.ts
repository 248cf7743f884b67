import { afterEach, describe, expect, it, vi } from 'vitest'
import { handicapSettingsTable } from '@/features/handicap/stores/handicap-settings-sync'
import { useHandicapSettingsStore } from '@/features/handicap/stores/handicap-settings-store'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { roundsTable } from '@/features/rounds/stores/rounds-table'
import type { OwnTable } from '@/lib/realtime'
import type { DeviceCopies, SyncedTable } from '@/stores/records-sync'
import { aCourse, aRound } from '@/testing/fixtures'
import { handicapStore, scoreCopiesAhead } from './handicap'

const links = aCourse({ name: 'Links', rating: 72, slope: 113, par: 72 })
// Out of order, as a device's copy may hold them; two on one day.
const rounds = [
  aRound(links, 90, { playedOn: '2026-11-03' }),
  aRound(links, 85, { playedOn: '2026-11-01' }),
  aRound(links, 80, { playedOn: '2026-11-02' }),
  aRound(links, 82, { playedOn: '2026-11-03' }),
]
const settings = { id: 'golfer', courseHandicapSource: 'whs' as const, startingIndex: 12.4 }

/** Copies as records-sync tells of them: each table's own records. */
function copiesOf(held: ReadonlyMap<unknown, readonly unknown[]>): DeviceCopies {
  return {
    of: <R extends { id: string }>(table: SyncedTable<OwnTable, R>) =>
      (held.get(table) as readonly R[] | undefined) ?? null,
  }
}

afterEach(() => vi.restoreAllMocks())

describe("the device's copies scored ahead", () => {
  it('are the record the handicap store holds once they are shown', () => {
    const scoreAhead = vi.spyOn(handicapStore, 'scoreAhead')
    scoreCopiesAhead(
      copiesOf(
        new Map<unknown, readonly unknown[]>([
          [handicapSettingsTable, [settings]],
          [roundsTable, rounds],
        ]),
      ),
    )
    const ahead = scoreAhead.mock.results[0]?.value
    expect(ahead).toBeDefined()
    // Shown as records-sync shows them: the settings first, then the rounds.
    useHandicapSettingsStore.getState().hydrate([settings])
    useRoundsStore.getState().hydrate(rounds)
    expect(handicapStore.getState().record).toBe(ahead)
    expect(handicapStore.getState().source).toBe('whs')
  })

  it('with no settings in the copies, under the settings the device holds', () => {
    const scoreAhead = vi.spyOn(handicapStore, 'scoreAhead')
    useHandicapSettingsStore.getState().hydrate([{ ...settings, courseHandicapSource: 'spec' }])
    scoreCopiesAhead(copiesOf(new Map<unknown, readonly unknown[]>([[roundsTable, rounds]])))
    const ahead = scoreAhead.mock.results[0]?.value
    useRoundsStore.getState().hydrate(rounds)
    expect(handicapStore.getState().record).toBe(ahead)
  })

  it("are not scored when the server's answer is shown already", () => {
    const scoreAhead = vi.spyOn(handicapStore, 'scoreAhead')
    useRoundsStore.getState().hydrate(rounds)
    scoreCopiesAhead(copiesOf(new Map<unknown, readonly unknown[]>([[roundsTable, rounds]])))
    expect(scoreAhead).not.toHaveBeenCalled()
  })
})
