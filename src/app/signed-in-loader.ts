/** The chunk of the signed-in screens, loaded by the router and fetched early on the login page. */
export const loadSignedInScreens = () => import('./signed-in')

/** After the login screen is up and the browser is idle: signing in then shows courses sooner. */
export function prefetchSignedInScreens(): () => void {
  const prefetch = () => void loadSignedInScreens()
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(prefetch, { timeout: 5000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(prefetch, 2000)
  return () => window.clearTimeout(handle)
}
