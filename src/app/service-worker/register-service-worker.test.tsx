import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { RegisterSWOptions } from 'vite-plugin-pwa/types'

// vite-plugin-pwa's registerSW exists only in a build; the test stands in for it and for the
// browser's service worker container, which jsdom does not have.
const pwa = vi.hoisted(() => ({
  options: {} as {
    onRegisteredSW?: RegisterSWOptions['onRegisteredSW']
    onNeedRefresh?: () => void
  },
  activateUpdate: vi.fn(async () => undefined),
}))
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: typeof pwa.options) => {
    pwa.options = options
    return pwa.activateUpdate
  },
}))

const container = Object.assign(new EventTarget(), { controller: {} })
const registration = { waiting: null as object | null, installing: null, update: vi.fn() }

beforeEach(() => {
  vi.useFakeTimers()
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container })
})
afterEach(() => {
  vi.useRealTimers()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

async function tapReload() {
  await act(async () => screen.getByRole('button', { name: 'Reload' }).click())
}

it("asks the waiting worker to take over on each Reload, and a later deploy's when the golfer taps Reload for it", async () => {
  const { registerServiceWorker } = await import('./register-service-worker')
  await act(async () => registerServiceWorker())
  pwa.options.onRegisteredSW?.('/sw.js', registration as unknown as ServiceWorkerRegistration)
  registration.waiting = {}
  await act(async () => pwa.options.onNeedRefresh?.())
  const listen = vi.spyOn(container, 'addEventListener')

  await tapReload()
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(1)
  // Nothing asks again by itself: Chromium ignores a second ask while the first waits.
  await act(async () => vi.advanceTimersByTime(5_000))
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(1)
  await tapReload()
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(2)
  // The same listener both times, which the DOM keeps once: one reload on takeover.
  expect(new Set(listen.mock.calls.map(([, listener]) => listener)).size).toBe(1)

  // The worker it asked is gone (a newer deploy replaced it, or another tab's Reload activated it):
  // Reload loads the page, and asks nothing.
  registration.waiting = null
  await tapReload()
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(2)
  // A newer deploy waiting is asked when the golfer taps Reload for it.
  registration.waiting = {}
  await tapReload()
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(3)
})
