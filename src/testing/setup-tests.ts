import '@testing-library/jest-dom/vitest'
// The outbox and the device's copy of the golfer's rows live in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { afterEach } from 'vitest'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { resetGoogleCallbackState } from '@/features/auth/lib/google-callback'
import { resetGooglePopupState } from '@/features/auth/lib/google-popup'
import { useCoursesStore } from '@/features/courses/stores/courses-store'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { useNoticesStore } from '@/stores/notices-store'
import { useOutboxStore } from '@/stores/outbox'

// findBy… and waitFor give up after this long. Passing tests never wait for it; the default of
// 1 s is a guess at machine speed that a busy 2-core CI machine loading a lazy chunk can miss.
configure({ asyncUtilTimeout: 10_000 })

afterEach(async () => {
  cleanup()
  useOutboxStore.getState().reset()
  await clear(createStore('hcpfast', 'device'))
  useSessionStore.getState().reset()
  useCoursesStore.getState().reset()
  useRoundsStore.getState().reset()
  useNoticesStore.getState().reset()
  resetGooglePopupState()
  resetGoogleCallbackState()
  window.localStorage.clear()
})
