import { describe, expect, it } from 'vitest'
import { afterNextFrame, nextTask, runInSlices, type SliceScheduler } from './slices'

function byHand() {
  const clock = { ms: 0 }
  const queue: (() => void)[] = []
  const scheduler: SliceScheduler = {
    now: () => clock.ms,
    later(next) {
      queue.push(next)
      return () => queue.splice(queue.indexOf(next) >>> 0, 1)
    },
  }
  return { clock, queue, scheduler }
}

function* steps(clock: { ms: number }, log: number[], count: number, costMs: number) {
  for (let step = 1; step <= count; step++) {
    clock.ms += costMs
    log.push(step)
    yield
  }
}

const freshLog = (): number[] => []

describe('runInSlices', () => {
  it('runs nothing at once, then steps until 8 ms have passed, then yields to a later task', () => {
    const { clock, queue, scheduler } = byHand()
    const log: number[] = []
    const slices: boolean[] = []
    runInSlices(steps(clock, log, 7, 3), scheduler, (done) => slices.push(done))
    expect(log).toEqual([])
    expect(queue).toHaveLength(1)
    // 3 ms a step: after 3 steps 9 ms have passed, at least the 8 ms of a slice.
    queue.shift()?.()
    expect(log).toEqual([1, 2, 3])
    expect(slices).toEqual([false])
    queue.shift()?.()
    expect(log).toEqual([1, 2, 3, 4, 5, 6])
    queue.shift()?.()
    expect(log).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(slices).toEqual([false, false, true])
    expect(queue).toHaveLength(0)
  })

  it('runs one step per slice when a step alone takes the budget', () => {
    const { clock, queue, scheduler } = byHand()
    const log: number[] = []
    runInSlices(steps(clock, log, 2, 20), scheduler, () => undefined)
    queue.shift()?.()
    expect(log).toEqual([1])
    queue.shift()?.()
    expect(log).toEqual([1, 2])
  })

  it('stops when cancelled: no step and no word after', () => {
    const { clock, queue, scheduler } = byHand()
    const log: number[] = []
    const slices: boolean[] = []
    const cancel = runInSlices(steps(clock, log, 7, 3), scheduler, (done) => slices.push(done))
    queue.shift()?.()
    cancel()
    expect(queue).toHaveLength(0)
    expect(log).toEqual([1, 2, 3])
    expect(slices).toEqual([false])
  })

  it('makes each slice a User Timing measure of its name when given one, and none without', () => {
    performance.clearMeasures()
    const { clock, queue, scheduler } = byHand()
    runInSlices(steps(clock, freshLog(), 7, 3), scheduler, () => undefined, {
      name: 'test: sliced',
    })
    while (queue.length > 0) queue.shift()?.()
    expect(performance.getEntriesByName('test: sliced', 'measure')).toHaveLength(3)

    runInSlices(steps(clock, freshLog(), 7, 3), scheduler, () => undefined)
    while (queue.length > 0) queue.shift()?.()
    expect(performance.getEntriesByType('measure')).toHaveLength(3)
  })
})

describe('nextTask', () => {
  it('resolves in a later task: after every microtask, however long their chain', async () => {
    let chained = 0
    const chain = () => {
      if (++chained < 100) queueMicrotask(chain)
    }
    queueMicrotask(chain)
    await nextTask()
    expect(chained).toBe(100)
  })
})

describe('afterNextFrame', () => {
  it('runs in a task after the next animation frame, not in the frame itself', async () => {
    const log: string[] = []
    afterNextFrame(() => log.push('after'))
    requestAnimationFrame(() => log.push('frame'))
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
    // The frame's own callbacks have run; the job waits for a task after them.
    expect(log).toEqual(['frame'])
    await expect.poll(() => log).toEqual(['frame', 'after'])
  })

  it('runs nothing once cancelled, before the frame or after it', async () => {
    const log: string[] = []
    afterNextFrame(() => log.push('before the frame'))()
    const cancelLater = afterNextFrame(() => log.push('after the frame'))
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
    cancelLater()
    await nextTask()
    await nextTask()
    expect(log).toEqual([])
  })
})
