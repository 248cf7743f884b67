import { afterEach, vi } from 'vitest'

// Unit files share a worker: a spy, a fake clock or a stubbed global a test left behind would
// outlive its file.
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})
