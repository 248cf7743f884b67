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

it('asks the new worker to take over each second until it does, and again on a later deploy', async () => {
  const { registerServiceWorker } = await import('./register-service-worker')
  await act(async () => registerServiceWorker())
  pwa.options.onRegisteredSW?.('/sw.js', registration as unknown as ServiceWorkerRegistration)
  registration.waiting = {}
  await act(async () => pwa.options.onNeedRefresh?.())

  await tapReload()
  await tapReload()
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(1)
  await act(async () => vi.advanceTimersByTime(2_000))
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(3)

  // The worker it asked is gone (a newer deploy replaced it): the asking stops ...
  registration.waiting = null
  await act(async () => vi.advanceTimersByTime(5_000))
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(3)
  // ... and the newer one is asked when the golfer taps Reload for it.
  registration.waiting = {}
  await tapReload()
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(4)

  // Once it controls the page, no more asking.
  container.dispatchEvent(new Event('controllerchange'))
  await act(async () => vi.advanceTimersByTime(5_000))
  expect(pwa.activateUpdate).toHaveBeenCalledTimes(4)
})
