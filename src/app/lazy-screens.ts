import { keptSessionUser } from '@/features/auth/api/watch-session'

/** The signed-in screens (and Radix, ulid, the handicap engine): only a golfer with a session. */
export const loadSignedInScreens = () => import('./signed-in')

/** The scorecard (/play): fetched when a card is opened, never with the HCP screen. */
export const loadPlayScreen = () => import('./play/play-screen')

/**
 * A golfer with a session kept on this device is on the way to the signed-in screens: their chunk
 * is fetched beside the session check rather than after it, a round trip sooner on a slow phone.
 */
export function fetchSignedInScreensEarly(): void {
  if (keptSessionUser()) void loadSignedInScreens()
}

/**
 * Sign-up, password recovery and the Google return: screens opened now and then, kept out of the
 * login screen's script (product-spec's first screen, and the one a slow phone waits for).
 */
export const loadAccountEntryScreens = () => import('./account-entry')

/**
 * After the login screen is up and the browser is idle, both chunks are fetched: signing in then
 * shows courses sooner, and "Sign up" or "Forgot password?" opens without a wait.
 */
export function prefetchLazyScreens(): () => void {
  const prefetch = () => {
    void loadSignedInScreens()
    void loadAccountEntryScreens()
  }
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(prefetch, { timeout: 5000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(prefetch, 2000)
  return () => window.clearTimeout(handle)
}
