// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from './sign-up-messages'
import { checkNewPassword } from './sign-up-checks'

describe('checkNewPassword', () => {
  it('asks for matching passwords before their length', () => {
    expect(checkNewPassword('abc', 'abd')).toBe(PASSWORDS_DIFFER)
  })

  it('asks for at least 6 characters', () => {
    expect(checkNewPassword('abc12', 'abc12')).toBe(PASSWORD_TOO_SHORT)
    expect(checkNewPassword('', '')).toBe(PASSWORD_TOO_SHORT)
  })

  it('counts characters, not UTF-16 units', () => {
    expect(checkNewPassword('⛳⛳⛳', '⛳⛳⛳')).toBe(PASSWORD_TOO_SHORT)
    expect(checkNewPassword('⛳⛳⛳⛳⛳⛳', '⛳⛳⛳⛳⛳⛳')).toBeNull()
  })

  it('lets six matching characters through', () => {
    expect(checkNewPassword('abc123', 'abc123')).toBeNull()
  })
})
