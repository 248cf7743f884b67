import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceKey, writeToDevice } from '@/lib/device-storage'
import { startRecordsSync } from '@/stores/records-sync'
import {
  selectCourseHandicapSource,
  selectStartingIndex,
  useHandicapSettingsStore,
} from './handicap-settings-store'
import { handicapSettingsTable } from './handicap-settings-sync'

const USER = '6f1c2e0a-3b4d-4c5e-8f90-a1b2c3d4e5f6'

afterEach(() => useHandicapSettingsStore.getState().reset())

describe("the settings' device copy", () => {
  it('shows a version 1 copy, as the app before the starting index stored it, with none', async () => {
    // Written literally as version 1 wrote it.
    await writeToDevice(deviceKey(USER, 'records:handicap_settings'), {
      version: 1,
      records: [{ id: USER, courseHandicapSource: 'whs' }],
    })
    const never = () => new Promise<never>(() => undefined)
    const stop = startRecordsSync(USER, [{ ...handicapSettingsTable, list: never }], {
      subscribe: () => () => undefined,
      onLive: () => undefined,
    })
    try {
      await vi.waitFor(() =>
        expect(useHandicapSettingsStore.getState().byId).toEqual({
          [USER]: { id: USER, courseHandicapSource: 'whs', startingIndex: null },
        }),
      )
      const state = useHandicapSettingsStore.getState()
      expect(selectCourseHandicapSource(state)).toBe('whs')
      expect(selectStartingIndex(state)).toBeNull()
    } finally {
      stop()
    }
  })
})
