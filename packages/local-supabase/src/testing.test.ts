import { describe, expect, it } from 'vitest'
import { startEarly, takeStarted, uniqueEmail } from './testing.ts'

describe('uniqueEmail', () => {
  it('is the label in lower case, 12 random hex digits and the domain, different every call', () => {
    const first = uniqueEmail('Moved')
    expect(first).toMatch(/^moved-[0-9a-f]{12}@example\.test$/)
    expect(uniqueEmail('bench', 'bench.test')).toMatch(/^bench-[0-9a-f]{12}@bench\.test$/)
    expect(uniqueEmail('Moved')).not.toBe(first)
  })
})

describe('startEarly and takeStarted', () => {
  it('start once, and the taker gets what was started; a second take starts anew', async () => {
    let starts = 0
    const start = async () => ++starts
    startEarly('counted', start)
    startEarly('counted', start)
    expect(starts).toBe(1)
    expect(await takeStarted('counted', start)).toBe(1)
    expect(await takeStarted('counted', start)).toBe(2)
  })

  it('start at the take when nothing was started early', async () => {
    expect(await takeStarted('never-early', async () => 'now')).toBe('now')
  })

  it("leave an early start's failure to the taker", async () => {
    startEarly('failing', () => Promise.reject(new Error('no free port')))
    // A turn of the event loop: an unheard rejection would be reported as unhandled by now.
    await new Promise((resolve) => setImmediate(resolve))
    await expect(takeStarted('failing', async () => 'unused')).rejects.toThrow('no free port')
  })
})
