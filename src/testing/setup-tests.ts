import '@testing-library/jest-dom/vitest'
// The outbox and the device's copy of the golfer's rows live in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { afterEach } from 'vitest'
import { loadModal } from '@/components/ui/dialog'
import { resetGoogleCallbackState } from '@/features/auth/lib/google-callback'
import { resetGooglePopupState } from '@/features/auth/lib/google-popup'
import { resetAllStores } from '@/stores/resets'

// findBy… and waitFor give up after this long. Passing tests never wait for it; the default of
// 1 s is a guess at machine speed that a busy 2-core CI machine loading a lazy chunk can miss.
configure({ asyncUtilTimeout: 10_000 })

// The app loads Radix's dialog on first use (components/ui/dialog); components' tests open their
// dialogs with it already in, as a golfer does once the screen has been idle. dialog.test.tsx
// covers the first tap before it is loaded.
await loadModal()

afterEach(async () => {
  cleanup()
  // Every store that a test's modules made registered its reset (src/stores/resets.ts).
  resetAllStores()
  await clear(createStore('hcpfast', 'device'))
  resetGooglePopupState()
  resetGoogleCallbackState()
  window.localStorage.clear()
})
