import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { connectRefusal, joinRefusal, shutdownMessage, verifyRealtimeToken } from './tokens.ts'

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
const NOW = 1_900_000_000

const sign = (claims: Record<string, unknown>, secret = SECRET, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret))

describe('verifyRealtimeToken', () => {
  it('accepts a signed token with role and a future exp, and returns its claims', async () => {
    const token = await sign({ role: 'authenticated', sub: 'u1', exp: NOW + 60, session_id: 's' })
    expect(await verifyRealtimeToken(token, SECRET, NOW)).toEqual({
      ok: true,
      claims: { role: 'authenticated', sub: 'u1', exp: NOW + 60, session_id: 's' },
    })
  })

  it('accepts HS384/HS512 and tolerates whitespace and URI encoding, as Realtime cleans tokens', async () => {
    const token = await sign({ role: 'anon', exp: NOW + 1 }, SECRET, 'HS512')
    expect((await verifyRealtimeToken(` ${encodeURIComponent(token)}\n`, SECRET, NOW)).ok).toBe(
      true,
    )
  })

  it('refuses an expired token, saying how long ago', async () => {
    const token = await sign({ role: 'authenticated', exp: NOW - 42 })
    const check = await verifyRealtimeToken(token, SECRET, NOW)
    expect(check).toEqual({ ok: false, failure: 'expired', secondsAgo: 42 })
    if (check.ok) return
    expect(joinRefusal(check)).toBe('InvalidJWTToken: Token has expired 42 seconds ago')
    expect(shutdownMessage(check)).toBe('Token has expired 42 seconds ago')
    expect(connectRefusal(check)).toEqual({ status: 401, error: 'Token has expired' })
  })

  it('treats exp == now as expired and rounds a fractional exp', async () => {
    expect(
      await verifyRealtimeToken(await sign({ role: 'a', exp: NOW }), SECRET, NOW),
    ).toMatchObject({
      failure: 'expired',
      secondsAgo: 0,
    })
    expect(
      await verifyRealtimeToken(await sign({ role: 'a', exp: NOW + 0.6 }), SECRET, NOW),
    ).toEqual({
      ok: true,
      claims: { role: 'a', exp: NOW + 1 },
    })
  })

  it('requires both role and exp', async () => {
    for (const claims of [{ exp: NOW + 60 }, { role: 'anon' }]) {
      const check = await verifyRealtimeToken(await sign(claims), SECRET, NOW)
      expect(check).toEqual({ ok: false, failure: 'missing_claims' })
      if (!check.ok)
        expect(joinRefusal(check)).toBe(
          'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
        )
    }
  })

  it('refuses a wrong signature, a token that is not a JWT, and unsigned tokens', async () => {
    const wrong = await sign(
      { role: 'anon', exp: NOW + 60 },
      'another-secret-that-is-long-enough-000000',
    )
    expect(await verifyRealtimeToken(wrong, SECRET, NOW)).toEqual({
      ok: false,
      failure: 'signature',
    })
    expect(await verifyRealtimeToken('not-a-key', SECRET, NOW)).toEqual({
      ok: false,
      failure: 'malformed',
    })
    expect(await verifyRealtimeToken('a.b.c', SECRET, NOW)).toEqual({
      ok: false,
      failure: 'malformed',
    })
    expect(await verifyRealtimeToken(undefined, SECRET, NOW)).toEqual({
      ok: false,
      failure: 'missing',
    })
    const unsigned = new UnsecuredJWT({ role: 'service_role', exp: NOW + 60 }).encode()
    expect(await verifyRealtimeToken(unsigned, SECRET, NOW)).toEqual({
      ok: false,
      failure: 'signer',
    })
  })

  it('maps failures to the upgrade refusals Realtime sends', () => {
    expect(connectRefusal({ ok: false, failure: 'missing' })).toEqual({
      status: 401,
      error: 'API key is missing',
    })
    expect(connectRefusal({ ok: false, failure: 'malformed' })).toEqual({
      status: 401,
      error: 'The token provided is not a valid JWT',
    })
    expect(connectRefusal({ ok: false, failure: 'signature' })).toEqual({
      status: 401,
      error: 'Failed to validate JWT signature',
    })
  })
})
