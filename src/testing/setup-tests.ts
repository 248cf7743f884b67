import '@testing-library/jest-dom/vitest'
// jsdom lacks IndexedDB.
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { afterEach, vi } from 'vitest'
import { loadModal } from '@/components/ui/modal-loader'
import { resetGoogleCallbackState } from '@/features/auth/lib/google-callback'
import { resetGooglePopupState } from '@/features/auth/lib/google-popup'
import { resetAllStores } from '@/stores/resets'

// The default 1 s is too short for a busy 2-core CI machine loading a lazy chunk; vi.waitFor's
// default is the same 1 s and has no setting of its own, so its bound is raised here too.
configure({ asyncUtilTimeout: 10_000 })
// Files that share a worker run this setup each, with one `vi`: Vitest's own waitFor is kept on
// the wrapper, so the wrapper is made once rather than around the last file's.
const VITEST_WAIT_FOR = Symbol.for('hcpfast.vitestWaitFor')
type WaitFor = typeof vi.waitFor & { [VITEST_WAIT_FOR]?: typeof vi.waitFor }
const waitForWithinOneSecond = (vi.waitFor as WaitFor)[VITEST_WAIT_FOR] ?? vi.waitFor
vi.waitFor = Object.assign<typeof vi.waitFor, Pick<WaitFor, typeof VITEST_WAIT_FOR>>(
  (callback, options) =>
    waitForWithinOneSecond(callback, {
      timeout: 10_000,
      ...(typeof options === 'number' ? { timeout: options } : options),
    }),
  { [VITEST_WAIT_FOR]: waitForWithinOneSecond },
)

// Dialogs load Radix on first use; tests start with it loaded. dialog.test.tsx covers the first tap.
await loadModal()

afterEach(async () => {
  cleanup()
  resetAllStores()
  await clear(createStore('hcpfast', 'device'))
  resetGooglePopupState()
  resetGoogleCallbackState()
  window.localStorage.clear()
})
