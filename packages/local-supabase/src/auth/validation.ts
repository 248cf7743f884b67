import type { Context } from 'hono'
import type { StackConfig } from '../config.ts'
import { authError, weakPasswordError } from './errors.ts'

/** GoTrue's `limitRequestBody(1 << 20)`. */
const MAX_BODY_BYTES = 1 << 20
/** bcrypt only reads 72 bytes, so GoTrue refuses longer passwords. */
const MAX_PASSWORD_BYTES = 72

export type JsonBody = Record<string, unknown>

/**
 * Reads the JSON body the way GoTrue's `retrieveRequestParams` does: unparsable JSON is 400
 * `bad_json`, `null` is an empty object, and a field of the wrong type is a decoding error too.
 */
export async function readJsonBody(c: Context, goType: string): Promise<JsonBody> {
  const text = await c.req.text()
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw authError(
      413,
      'request_entity_too_large',
      `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
    )
  }
  let parsed: unknown
  try {
    if (text.trim() === '') throw new Error('unexpected end of JSON input')
    parsed = JSON.parse(text)
  } catch (error) {
    throw badJson((error as Error).message)
  }
  if (parsed === null) return {}
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    const kind = Array.isArray(parsed) ? 'array' : typeof parsed
    throw badJson(`json: cannot unmarshal ${kind} into Go value of type api.${goType}`)
  }
  return Object.assign(Object.create(null) as JsonBody, parsed)
}

export function stringField(body: JsonBody, name: string, goType: string): string {
  const value = body[name]
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') {
    throw badJson(
      `json: cannot unmarshal ${jsonKind(value)} into Go struct field ${goType}.${name} of type string`,
    )
  }
  return value
}

export function objectField(body: JsonBody, name: string, goType: string): JsonBody {
  const value = body[name]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badJson(
      `json: cannot unmarshal ${jsonKind(value)} into Go struct field ${goType}.${name} of type map[string]interface {}`,
    )
  }
  return { ...(value as JsonBody) }
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  return typeof value === 'object' ? 'object' : typeof value
}

function badJson(detail: string) {
  return authError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`)
}

/** The address pattern of github.com/badoux/checkmail, which GoTrue validates emails with. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** GoTrue's `validateEmail`: required, at most 255 bytes, well formed; returned lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') throw authError(400, 'validation_failed', 'An email address is required')
  if (Buffer.byteLength(email) > 255) {
    throw authError(400, 'validation_failed', 'An email address is too long')
  }
  if (!EMAIL_PATTERN.test(email)) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  }
  return email.toLowerCase()
}

export function isValidEmail(email: string): boolean {
  return email !== '' && Buffer.byteLength(email) <= 255 && EMAIL_PATTERN.test(email)
}

export interface WeakPassword {
  message: string
  reasons: string[]
}

/**
 * GoTrue's `checkPasswordStrength` for the settings the CLI exposes: a byte-length minimum (no
 * required character sets and no HaveIBeenPwned check locally). Too long is a hard 400.
 */
export function passwordWeakness(
  password: string,
  config: StackConfig['auth'],
): WeakPassword | undefined {
  const bytes = Buffer.byteLength(password)
  if (bytes > MAX_PASSWORD_BYTES) {
    throw authError(
      400,
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    )
  }
  if (bytes < config.minimumPasswordLength) {
    return {
      message: `Password should be at least ${config.minimumPasswordLength} characters.`,
      reasons: ['length'],
    }
  }
  return undefined
}

export function assertStrongPassword(password: string, config: StackConfig['auth']): void {
  const weakness = passwordWeakness(password, config)
  if (weakness) throw weakPasswordError(weakness.message, weakness.reasons)
}

const CODE_CHALLENGE_PATTERN = /^[a-zA-Z._~0-9-]+$/

/** GoTrue's `validatePKCEParams`: both or neither, and an RFC 7636 shaped challenge. */
export function validatePkceParams(codeChallengeMethod: string, codeChallenge: string): void {
  if ((codeChallenge === '') !== (codeChallengeMethod === '')) {
    throw authError(
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    )
  }
  if (codeChallenge === '') return
  if (codeChallenge.length < 43 || codeChallenge.length > 128) {
    throw authError(
      400,
      'validation_failed',
      'code challenge has to be between 43 and 128 characters',
    )
  }
  if (!CODE_CHALLENGE_PATTERN.test(codeChallenge)) {
    throw authError(
      400,
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    )
  }
}

/** GoTrue's `requestAud`: the X-JWT-AUD header, else the default audience. */
export function requestAudience(c: Context): string {
  return c.req.header('x-jwt-aud') || 'authenticated'
}

export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
