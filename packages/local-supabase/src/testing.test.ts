import { describe, expect, it } from 'vitest'
import { uniqueEmail } from './testing.ts'

describe('uniqueEmail', () => {
  it('is the label in lower case, 12 random hex digits and the domain, different every call', () => {
    const first = uniqueEmail('Moved')
    expect(first).toMatch(/^moved-[0-9a-f]{12}@example\.test$/)
    expect(uniqueEmail('bench', 'bench.test')).toMatch(/^bench-[0-9a-f]{12}@bench\.test$/)
    expect(uniqueEmail('Moved')).not.toBe(first)
  })
})
