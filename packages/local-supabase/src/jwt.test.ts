import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyHmacJwt } from './jwt.ts'

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters'

const segment = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')

/** A compact JWT signed by hand, so headers and payloads jose would refuse to sign can be made. */
function token(header: unknown, payload: string, secret = SECRET, hash = 'sha256'): string {
  const input = `${segment(header)}.${payload}`
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`
}

describe('verifyHmacJwt', () => {
  it('returns the claims of a token signed with the secret', async () => {
    const signed = token({ alg: 'HS256', typ: 'JWT' }, segment({ sub: 'u1', role: 'anon' }))
    expect(await verifyHmacJwt(signed, SECRET)).toEqual({
      ok: true,
      claims: { sub: 'u1', role: 'anon' },
    })
  })

  it('names each way the check fails', async () => {
    const claims = segment({ role: 'anon' })
    const cases: [string, string, string[]?][] = [
      ['not-a-jwt.at.all', 'malformed'],
      [token({ alg: 'none' }, claims), 'unsecured'],
      [token({ typ: 'JWT' }, claims), 'no-algorithm'],
      [token({ alg: 'HS384' }, claims, SECRET, 'sha384'), 'algorithm', ['HS256']],
      [token({ alg: 'HS256' }, '!!!'), 'invalid'],
      [token({ alg: 'HS256' }, claims, 'another-secret-of-at-least-thirty-two-chars'), 'signature'],
      [token({ alg: 'HS256' }, segment('[1, 2]')), 'claims'],
      [token({ alg: 'HS256' }, segment('not json')), 'claims'],
    ]
    for (const [jwt, failure, algorithms] of cases) {
      expect(await verifyHmacJwt(jwt, SECRET, algorithms), failure).toEqual({ ok: false, failure })
    }
  })
})
