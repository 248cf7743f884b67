import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { resetGoogleSignInState } from '@/features/auth/lib/google-popup'
import { useCoursesStore } from '@/features/courses/stores/courses-store'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { useNoticesStore } from '@/stores/notices-store'

afterEach(() => {
  cleanup()
  useSessionStore.getState().reset()
  useCoursesStore.getState().reset()
  useRoundsStore.getState().reset()
  useNoticesStore.getState().reset()
  resetGoogleSignInState()
  window.localStorage.clear()
})
