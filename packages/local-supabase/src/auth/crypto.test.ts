import { describe, expect, it } from 'vitest'
import {
  comparePassword,
  DEFAULT_PASSWORD_HASH_COST,
  hashPassword,
  QUICK_PASSWORD_HASH_COST,
} from './crypto.ts'

describe('password hashes', () => {
  it("are Go's $2a$ bcrypt at GoTrue's cost unless a test stack asks for less", async () => {
    const standard = await hashPassword('fairway-123', DEFAULT_PASSWORD_HASH_COST)
    const quick = await hashPassword('fairway-123', QUICK_PASSWORD_HASH_COST)
    expect(standard).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/)
    expect(quick).toMatch(/^\$2a\$04\$[./A-Za-z0-9]{53}$/)
    for (const hash of [standard, quick]) {
      expect(await comparePassword('fairway-123', hash)).toBe(true)
      expect(await comparePassword('fairway-124', hash)).toBe(false)
    }
  })

  it('refuses, without an error, a hash bcrypt cannot read', async () => {
    expect(await comparePassword('fairway-123', 'not a hash')).toBe(false)
  })
})
