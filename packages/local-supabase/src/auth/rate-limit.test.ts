import { describe, expect, it } from 'vitest'
import { parseConfig, parseDuration } from '../config.ts'
import { isOtpValid, tokenHash } from './otp.ts'
import { frequencyLimitMessage, IntervalLimiter, RequestLimiter } from './rate-limit.ts'

describe('RequestLimiter', () => {
  it('allows `limit` requests per key, then refills at limit per window', () => {
    let now = 0
    const limiter = new RequestLimiter(2, 300, () => now)
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false])
    expect(limiter.take('b')).toBe(true)
    now += 150_000 // half a window: one request back
    expect([limiter.take('a'), limiter.take('a')]).toEqual([true, false])
    expect(new RequestLimiter(0, 300).take('a')).toBe(false)
  })
})

describe('IntervalLimiter', () => {
  it('counts events per interval for everyone', () => {
    let now = 0
    const limiter = new IntervalLimiter(1, 3600, () => now)
    expect(limiter.allows()).toBe(true)
    expect([limiter.take(), limiter.take()]).toEqual([true, false])
    now += 3_600_000
    expect(limiter.take()).toBe(true)
  })
})

describe('mail tokens and limits', () => {
  it('hashes as GoTrue (SHA-224 of address + code) and accepts the PKCE-prefixed form', () => {
    const hash = tokenHash('a@b.c', '123456')
    expect(hash).toMatch(/^[0-9a-f]{56}$/)
    const sentAt = new Date(1_000_000).toISOString()
    expect(isOtpValid(hash, `pkce_${hash}`, sentAt, 60, 1_000_000)).toBe(true)
    expect(isOtpValid(hash, hash, sentAt, 60, 1_000_000 + 61_000)).toBe(false)
    expect(isOtpValid(hash, '', sentAt, 60, 1_000_000)).toBe(false)
    expect(frequencyLimitMessage(0, 60, 1_500)).toBe(
      'For security purposes, you can only request this after 58 seconds.',
    )
  })

  it('reads [auth.email], [auth.rate_limit] and [inbucket] with the CLI defaults', () => {
    expect(parseDuration('1m30s')).toBe(90)
    expect(() => parseDuration('soon')).toThrow()
    const defaults = parseConfig('')
    expect(defaults.auth.email).toMatchObject({
      doubleConfirmChanges: true,
      securePasswordChange: false,
      maxFrequencySeconds: 1,
      otpExpirySeconds: 3600,
    })
    expect(defaults.auth.rateLimit).toEqual({
      emailSent: 360000,
      signInSignUps: 30,
      tokenRefresh: 150,
      tokenVerifications: 30,
    })
    expect(defaults.inbucket).toMatchObject({ enabled: true, port: 54324 })
    const smtp = parseConfig(
      '[auth.rate_limit]\nemail_sent = 5\n[auth.email.smtp]\nenabled = true\n',
    )
    expect(smtp.auth.rateLimit.emailSent).toBe(5)
  })
})
