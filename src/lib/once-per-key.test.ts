// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { oncePerKey } from './once-per-key'

describe('oncePerKey', () => {
  it('runs once per key, a later call with that key getting the first promise', async () => {
    const run = vi.fn(async (key: string) => key.length)
    const once = oncePerKey(run)
    const first = once('one-time')
    expect(once('one-time')).toBe(first)
    await expect(once('other')).resolves.toBe(5)
    expect(run.mock.calls).toEqual([['one-time'], ['other']])
  })

  it('does not run again after a failure: the code is spent either way', async () => {
    const run = vi.fn(async () => {
      throw new Error('code already used')
    })
    const once = oncePerKey(run)
    await expect(once('one-time')).rejects.toThrow('code already used')
    await expect(once('one-time')).rejects.toThrow('code already used')
    expect(run).toHaveBeenCalledTimes(1)
  })
})
