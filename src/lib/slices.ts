/**
 * Work done in slices between which the browser draws and takes input, so no part of it is a
 * long task: each slice runs steps until about `SLICE_MS` have passed, then hands the rest to a
 * later task. A job is a generator: each `yield` ends a step, where the slice may stop.
 */

/** Where the slices run: the browser's tasks, or a test's own hand (no timing in tests). */
export interface SliceScheduler {
  /** A clock in milliseconds, read between steps to end a slice. */
  now(): number
  /** Runs `next` in a later task; the function returned cancels it. */
  later(next: () => void): () => void
}

/** A slice's budget: half of a 16 ms frame, well under the 50 ms of a long task. */
export const SLICE_MS = 8

interface PostTaskScheduler {
  postTask(task: () => void, options: { priority: 'user-visible'; signal: AbortSignal }): unknown
}

/**
 * Runs `next` in a task posted with `scheduler.postTask` (it yields to input and drawing) and
 * returns its cancel, or null where the browser has no such scheduler.
 */
function postTask(next: () => void): (() => void) | null {
  const tasks = (globalThis as { scheduler?: PostTaskScheduler }).scheduler
  if (!tasks || typeof AbortController !== 'function') return null
  const controller = new AbortController()
  const posted = tasks.postTask(next, {
    priority: 'user-visible',
    signal: controller.signal,
  }) as Promise<void> | undefined
  // An aborted task rejects its promise: that is the cancel, not an error.
  posted?.catch?.(() => undefined)
  return () => controller.abort()
}

/** The browser's: `scheduler.postTask` where there is one, else a zero-delay timer. */
export const browserScheduler: SliceScheduler = {
  now: () => performance.now(),
  later(next) {
    const cancel = postTask(next)
    if (cancel) return cancel
    const timer = setTimeout(next, 0)
    return () => clearTimeout(timer)
  },
}

/**
 * Resolves in a later task, so what follows runs after the browser has had the chance to draw
 * and take input: `scheduler.postTask` where there is one, else a message to this window's own
 * channel (a zero-delay timer would be clamped to 4 ms once nested, and tests fake timers).
 */
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

/**
 * Runs `next` in a task after the browser's next frame, so what it draws comes in a frame of its
 * own rather than in the one being drawn; the function returned cancels it. Where nothing draws
 * frames (no `requestAnimationFrame`), a later task.
 */
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
  /** A slice's budget in milliseconds. */
  budgetMs?: number
  /**
   * Each slice is then a User Timing measure of this name (Chromium's Performance panel shows it,
   * and a benchmark finds the tasks that ran the job among the page's others).
   */
  name?: string
}

/**
 * Runs `job` in slices of about `budgetMs` on `scheduler`, the first in a later task; `onSlice`
 * is told after each slice (to publish what it made), `done` says whether the job ended. The
 * function returned cancels what is left.
 */
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
