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
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
