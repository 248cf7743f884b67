import { nextTask } from '@/lib/slices'

/**
 * Registers the service worker (the offline app shell and the update notice) once the page has
 * loaded, from a chunk of its own, so none of it weighs on the login screen's first paint or its
 * entry script. Only a build has a worker: under the dev server vite-plugin-pwa's registerSW does
 * nothing (a worker there would serve stale modules).
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!('serviceWorker' in navigator)) return
  const register = () => {
    import('./register-service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      // Offline use is an extra: if the chunk cannot be fetched now (the signal went just after
      // the page loaded), the app works as before and the next visit registers the worker.
      .catch(() => undefined)
  }
  // A task after the load event: a module script's page often fires it in the same task as the
  // entry script ran, which is already the longest of the load.
  const registerSoon = () => void nextTask().then(register)
  if (document.readyState === 'complete') registerSoon()
  else window.addEventListener('load', registerSoon, { once: true })
}
