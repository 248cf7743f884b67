import { createSecretKey, type KeyObject } from 'node:crypto'
import { compactVerify, decodeProtectedHeader, errors } from 'jose'

/**
 * The one check of a project JWT's HMAC signature. Auth, REST and Realtime each word its
 * failures their own way (GoTrue's golang-jwt messages, PostgREST's PGRST301/303, Realtime's
 * refusal reasons), so this returns what failed and each service maps it; the time claims are
 * theirs to check too, since each checks them differently.
 */

export const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512']

export type JwtFailure =
  /** The header is not base64url JSON. */
  | 'malformed'
  /** `alg: none`. */
  | 'unsecured'
  /** No `alg` string in the header. */
  | 'no-algorithm'
  /** An algorithm other than the allowed ones. */
  | 'algorithm'
  /** The compact form is invalid beyond the header (a bad payload or signature encoding). */
  | 'invalid'
  | 'signature'
  /** The payload is not a JSON object. */
  | 'claims'

export type JwtVerification =
  { ok: true; claims: Record<string, unknown> } | { ok: false; failure: JwtFailure }

// Importing the secret costs more than verifying a token, so each secret is imported once.
const keys = new Map<string, KeyObject>()

function keyFor(secret: string): KeyObject {
  let key = keys.get(secret)
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'))
    keys.set(secret, key)
  }
  return key
}

export async function verifyHmacJwt(
  token: string,
  secret: string,
  algorithms: readonly string[] = HMAC_ALGORITHMS,
): Promise<JwtVerification> {
  let algorithm: unknown
  try {
    algorithm = decodeProtectedHeader(token).alg
  } catch {
    return { ok: false, failure: 'malformed' }
  }
  if (algorithm === 'none') return { ok: false, failure: 'unsecured' }
  if (typeof algorithm !== 'string' || algorithm === '') {
    return { ok: false, failure: 'no-algorithm' }
  }
  if (!algorithms.includes(algorithm)) return { ok: false, failure: 'algorithm' }
  let payload: Uint8Array
  try {
    ;({ payload } = await compactVerify(token, keyFor(secret), { algorithms: [...algorithms] }))
  } catch (error) {
    return { ok: false, failure: error instanceof errors.JWSInvalid ? 'invalid' : 'signature' }
  }
  let claims: unknown
  try {
    claims = JSON.parse(new TextDecoder().decode(payload))
  } catch {
    return { ok: false, failure: 'claims' }
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) {
    return { ok: false, failure: 'claims' }
  }
  return { ok: true, claims: claims as Record<string, unknown> }
}
