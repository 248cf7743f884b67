import { StrictMode, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { registerSW } from 'virtual:pwa-register'
import { UpdateNotice } from '@/components/ui/update-notice'
import '@/styles/update-notice.css'

let noticeOpen = false
const listeners = new Set<() => void>()

function setNoticeOpen(open: boolean) {
  noticeOpen = open
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

function ServiceWorkerUpdate({ onReload }: { onReload(): void }) {
  const open = useSyncExternalStore(subscribe, () => noticeOpen)
  return <UpdateNotice open={open} onReload={onReload} onDismiss={() => setNoticeOpen(false)} />
}

/** workbox-window only hears of updates found after it registers; a deploy may be installing
 * already, and would otherwise be offered on the next visit instead of now. */
function offerUpdateFoundBeforeRegistering(registration: ServiceWorkerRegistration | undefined) {
  const installing = registration?.installing
  // No controller: the first install, which starts at once and is nothing to offer.
  if (!installing || !navigator.serviceWorker.controller) return
  installing.addEventListener('statechange', () => {
    if (registration.waiting === installing) setNoticeOpen(true)
  })
}

/** The new worker takes over only when the golfer presses Reload (see docs/decisions.md). */
export function registerServiceWorker(): void {
  let registration: ServiceWorkerRegistration | undefined
  const activateUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => setNoticeOpen(true),
    // Without this, registerSW reloads the page itself when another tab activates the update.
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registered) => {
      registration = registered
      offerUpdateFoundBeforeRegistering(registered)
      // An installed app can stay open for days without a navigation: look again on return.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible' && navigator.onLine) {
          registered?.update().catch(() => undefined)
        }
      })
    },
    // A browser that refuses workers still runs the app online; nothing for the golfer to do.
    onRegisterError: () => undefined,
  })

  // One function, so a second Reload adds no second listener (the DOM keeps one of each).
  const reloadOnTakeOver = () => window.location.reload()
  const reload = () => {
    // Already active (another tab's Reload) or gone: the next load runs the new version.
    if (!registration?.waiting) {
      window.location.reload()
      return
    }
    navigator.serviceWorker.addEventListener('controllerchange', reloadOnTakeOver, { once: true })
    // Once: Chromium starts the takeover on the first ask and ignores the rest until it is done.
    void activateUpdate()
  }

  const container = document.createElement('div')
  // First in the body: the notice sits at the top of the screen, so it comes first when tabbing.
  document.body.prepend(container)
  createRoot(container).render(
    <StrictMode>
      <ServiceWorkerUpdate onReload={reload} />
    </StrictMode>,
  )
}
