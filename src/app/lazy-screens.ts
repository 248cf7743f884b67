import { keptSessionUser } from '@/features/auth/api/watch-session'
import { nextTask } from '@/lib/slices'

/**
 * The signed-in shell (the layout every signed-in screen is drawn in, and the golfer's live data):
 * only a golfer with a session needs it. Each screen is a chunk of its own, so a screen opened
 * from a link or a reload (the HCP screen, a card in play) evaluates its own code, not every
 * screen's: the Courses and Account screens were a third of what the HCP screen's first frame ran.
 */
export const loadSignedInLayout = () => import('./signed-in/signed-in-layout')
export const loadCoursesScreen = () => import('./signed-in/courses-screen')
export const loadHcpScreen = () => import('./signed-in/hcp-screen')
export const loadAccountScreen = () => import('./signed-in/account-screen')

/** The scorecard (/play): fetched when a card is opened, never with the HCP screen. */
export const loadPlayScreen = () => import('./play/play-screen')

/** The chunk of the signed-in screen at `pathname`, or null for another path. */
export function screenLoaderFor(pathname: string): (() => Promise<unknown>) | null {
  if (/^\/courses\/?$/.test(pathname)) return loadCoursesScreen
  if (/^\/hcp\/?$/.test(pathname)) return loadHcpScreen
  if (/^\/account\/?$/.test(pathname)) return loadAccountScreen
  if (/^\/play\/[^/]+\/?$/.test(pathname)) return loadPlayScreen
  return null
}

/** Fetches (and evaluates) the signed-in screen at `pathname` ahead of its use, e.g. as its tab is
 * touched; a chunk that cannot load now is fetched again when the screen is drawn. */
export function prefetchScreen(pathname: string): void {
  screenLoaderFor(pathname)?.().catch(() => undefined)
}

/**
 * The signed-in screen a touched or focused link leads to, fetched before the click lands: each
 * screen is its own chunk, and a tab opened for the first time would otherwise show "Loading…"
 * while it arrives. Meant for a container's pointerdown and focus, so every link in it counts.
 */
export function prefetchLinkedScreen(event: { target: EventTarget | null }): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (link instanceof HTMLAnchorElement) prefetchScreen(new URL(link.href).pathname)
}

/**
 * A golfer with a session kept on this device is on the way to a signed-in screen: the shell's
 * chunk and the chunk of the screen being opened are fetched beside the session check rather than
 * after it, a round trip sooner on a slow phone. Each is asked for in a task of its own: asking
 * adds the chunk's preload links to the document (5-15 ms on a fast machine), which would
 * otherwise lengthen the entry script's task, the longest of the load.
 */
export function fetchSignedInScreensEarly(): void {
  if (!keptSessionUser()) return
  void nextTask().then(() => loadSignedInLayout().catch(() => undefined))
  void nextTask().then(() => prefetchScreen(window.location.pathname))
}

/**
 * Sign-up, password recovery and the Google return: screens opened now and then, kept out of the
 * login screen's script (product-spec's first screen, and the one a slow phone waits for).
 */
export const loadAccountEntryScreens = () => import('./account-entry')

/**
 * After the login screen is up and the browser is idle, the signed-in screens and the account
 * entry screens are fetched: signing in then shows courses sooner, every tab opens without a wait
 * (offline too, before the service worker has the page), and "Sign up" or "Forgot password?"
 * opens at once.
 */
export function prefetchLazyScreens(): () => void {
  const prefetch = () => {
    for (const load of [
      loadSignedInLayout,
      loadCoursesScreen,
      loadHcpScreen,
      loadAccountScreen,
      loadAccountEntryScreens,
    ]) {
      load().catch(() => undefined)
    }
  }
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(prefetch, { timeout: 5000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(prefetch, 2000)
  return () => window.clearTimeout(handle)
}
