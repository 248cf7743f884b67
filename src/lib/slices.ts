export interface SliceScheduler {
  now(): number
  later(next: () => void): () => void
}

/** Half a frame, well under a long task. */
export const SLICE_MS = 8

interface PostTaskScheduler {
  postTask(task: () => void, options: { priority: 'user-visible'; signal: AbortSignal }): unknown
}

function postTask(next: () => void): (() => void) | null {
  const tasks = (globalThis as { scheduler?: PostTaskScheduler }).scheduler
  if (!tasks || typeof AbortController !== 'function') return null
  const controller = new AbortController()
  const posted = tasks.postTask(next, {
    priority: 'user-visible',
    signal: controller.signal,
  }) as Promise<void> | undefined
  posted?.catch?.(() => undefined)
  return () => controller.abort()
}

export const browserScheduler: SliceScheduler = {
  now: () => performance.now(),
  later(next) {
    const cancel = postTask(next)
    if (cancel) return cancel
    const timer = setTimeout(next, 0)
    return () => clearTimeout(timer)
  },
}

/** A zero-delay timer would be clamped to 4 ms once nested, and tests fake timers. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (postTask(resolve)) return
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

/** Safari has no requestIdleCallback: there it runs a little after the first screen is drawn. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = window.setTimeout(run, 2000)
  return () => window.clearTimeout(timer)
}

/** So what it draws comes in a frame of its own rather than the one being drawn. */
export function afterNextFrame(next: () => void): () => void {
  let cancelled = false
  const run = () =>
    void nextTask().then(() => {
      if (!cancelled) next()
    })
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : null
  if (frame === null) run()
  return () => {
    cancelled = true
    if (frame !== null) cancelAnimationFrame(frame)
  }
}

interface SliceOptions {
  budgetMs?: number
  /** A User Timing measure per slice, so a benchmark can find the job's tasks. */
  name?: string
}

export function runInSlices(
  job: Iterator<unknown>,
  scheduler: SliceScheduler,
  onSlice: (done: boolean) => void,
  { budgetMs = SLICE_MS, name }: SliceOptions = {},
): () => void {
  let cancel = scheduler.later(slice)
  let cancelled = false
  function slice() {
    const measuredFrom = name === undefined ? 0 : performance.now()
    const measure = () => {
      if (name !== undefined) performance.measure(name, { start: measuredFrom })
    }
    const started = scheduler.now()
    for (;;) {
      if (job.next().done) {
        measure()
        onSlice(true)
        return
      }
      if (cancelled) return measure()
      if (scheduler.now() - started >= budgetMs) break
    }
    measure()
    onSlice(false)
    if (!cancelled) cancel = scheduler.later(slice)
  }
  return () => {
    cancelled = true
    cancel()
  }
}
