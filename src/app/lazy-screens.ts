import { keptSessionUser } from '@/features/auth/api/watch-session'
import { chunk } from '@/lib/chunk'
import { nextTask, whenIdle } from '@/lib/slices'

/** Each signed-in screen is a chunk of its own, so a link or a reload evaluates only its code. */
export const loadSignedInLayout = chunk(() => import('./signed-in/signed-in-layout'))
export const loadCoursesScreen = chunk(() => import('./signed-in/courses-screen'))
export const loadHcpScreen = chunk(() => import('./signed-in/hcp-screen'))
export const loadAccountScreen = chunk(() => import('./signed-in/account-screen'))

export const loadPlayScreen = chunk(() => import('./play/play-screen'))
export const loadSharedCardScreens = chunk(() => import('./card/card-routes'))

export function screenLoaderFor(pathname: string): (() => Promise<unknown>) | null {
  if (/^\/courses\/?$/.test(pathname)) return loadCoursesScreen
  if (/^\/hcp\/?$/.test(pathname)) return loadHcpScreen
  if (/^\/account\/?$/.test(pathname)) return loadAccountScreen
  if (/^\/play\/[^/]+\/?$/.test(pathname)) return loadPlayScreen
  if (/^\/(card|join)\//.test(pathname)) return loadSharedCardScreens
  return null
}

/** A chunk that cannot load now is fetched again when the screen is drawn. */
export async function prefetchScreen(pathname: string): Promise<void> {
  await screenLoaderFor(pathname)?.().catch(() => undefined)
}

/** Meant for a container's pointerdown and focus, so every link in it counts. */
export function prefetchLinkedScreen(event: { target: EventTarget | null }): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (link instanceof HTMLAnchorElement) void prefetchScreen(new URL(link.href).pathname)
}

/**
 * Beside the session check, each in a task of its own so the entry script's task does not grow.
 * Settles once the shell and the screen have come, or failed (they are fetched again when drawn).
 */
export async function fetchSignedInScreensEarly(): Promise<void> {
  if (!keptSessionUser()) return
  await Promise.all([
    nextTask().then(() => loadSignedInLayout().catch(() => undefined)),
    nextTask().then(() => prefetchScreen(window.location.pathname)),
  ])
}

/** Kept out of the login screen's script, the one a slow phone waits for. */
export const loadAccountEntryScreens = chunk(() => import('./account-entry'))

/** Once the login screen is idle, so every tab opens without a wait (offline too). */
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
  return whenIdle(prefetch, 5000)
}
