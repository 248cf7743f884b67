import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { authenticate } from './jwt.ts'

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
const NOW = 1_900_000_000

function sign(claims: Record<string, unknown>, secret = SECRET, alg = 'HS256') {
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}

async function refusal(header: string) {
  try {
    await authenticate(header, SECRET, NOW)
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected the token to be refused')
}

describe('JWT authentication', () => {
  it('runs as anon without a bearer token', async () => {
    for (const header of [undefined, 'Basic abc']) {
      expect(await authenticate(header, SECRET, NOW)).toEqual({
        role: 'anon',
        claims: { role: 'anon' },
        authenticated: false,
      })
    }
  })

  it('takes the role and every claim from a valid token', async () => {
    const token = await sign({
      sub: 'u1',
      role: 'authenticated',
      aud: 'authenticated',
      exp: NOW + 60,
    })
    expect(await authenticate(`Bearer ${token}`, SECRET, NOW)).toEqual({
      role: 'authenticated',
      claims: { sub: 'u1', role: 'authenticated', aud: 'authenticated', exp: NOW + 60 },
      authenticated: true,
    })
    const roleless = await sign({ sub: 'u1' })
    expect((await authenticate(`bearer ${roleless}`, SECRET, NOW)).role).toBe('anon')
  })

  it('refuses undecodable tokens and wrong signatures with 401 PGRST301', async () => {
    const cases: [string, string][] = [
      ['Bearer ', 'Empty JWT is sent in Authorization header'],
      ['Bearer abc.def', 'Expected 3 parts in JWT; got 2'],
      ['Bearer not.a.jwt', 'JWT cryptographic operation failed'],
      [
        `Bearer ${await sign({ role: 'authenticated' }, 'another-secret-that-is-at-least-32-characters')}`,
        'No suitable key or wrong key type',
      ],
      [
        'Bearer eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0.e30.yOBhlOIqn56T-4NvyEXCjfi3UmyQZ-BzXtePMO2NgRI',
        'Wrong or unsupported encoding algorithm',
      ],
    ]
    for (const [header, message] of cases) {
      const error = await refusal(header)
      expect(error.status).toBe(401)
      expect(error.body.code).toBe('PGRST301')
      expect(error.body.message).toBe(message)
      expect(error.headers['WWW-Authenticate']).toBe(
        `Bearer error="invalid_token", error_description="${message}"`,
      )
    }
  })

  it('refuses expired and not-yet-valid tokens with 401 PGRST303, allowing 30 s of skew', async () => {
    const expired = await refusal(`Bearer ${await sign({ role: 'authenticated', exp: NOW - 31 })}`)
    expect(expired.status).toBe(401)
    expect(expired.body).toEqual({
      code: 'PGRST303',
      details: null,
      hint: null,
      message: 'JWT expired',
    })
    const withinSkew = await sign({ role: 'authenticated', exp: NOW - 29 })
    expect((await authenticate(`Bearer ${withinSkew}`, SECRET, NOW)).role).toBe('authenticated')
    expect((await refusal(`Bearer ${await sign({ nbf: NOW + 31 })}`)).body.message).toBe(
      'JWT not yet valid',
    )
    expect((await refusal(`Bearer ${await sign({ iat: NOW + 31 })}`)).body.message).toBe(
      'JWT issued at future',
    )
    expect((await refusal(`Bearer ${await sign({ exp: 'soon' })}`)).body.message).toBe(
      "The JWT 'exp' claim must be a number",
    )
  })
})
