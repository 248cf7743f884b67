import { nextTask } from '@/lib/slices'

/** From a chunk of its own, off the login screen's first paint. Under the dev server registerSW
 * does nothing (a worker there would serve stale modules). */
export function registerServiceWorkerAfterLoad(): void {
  if (!('serviceWorker' in navigator)) return
  const register = () => {
    import('./register-service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      // Offline use is an extra: the next visit registers the worker.
      .catch(() => undefined)
  }
  // A task after the load event, which often fires in the entry script's task, already the longest.
  const registerSoon = () => void nextTask().then(register)
  if (document.readyState === 'complete') registerSoon()
  else window.addEventListener('load', registerSoon, { once: true })
}
