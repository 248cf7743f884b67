import { createHash, randomInt } from 'node:crypto'

/** GoTrue prefixes the token hash of a PKCE flow's link, so /verify knows to answer with a code. */
export const PKCE_PREFIX = 'pkce_'

/** GoTrue's `GenerateOtp`: `digits` random decimal digits. */
export function generateOtp(digits: number): string {
  let otp = ''
  for (let i = 0; i < digits; i += 1) otp += String(randomInt(10))
  return otp
}

/** GoTrue's `GenerateTokenHash`: hex SHA-224 of the address followed by the code. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex')
}

/** The stored form of a token: PKCE flows keep the `pkce_` prefix. */
export function withFlowPrefix(hash: string, pkce: boolean): string {
  return pkce ? `${PKCE_PREFIX}${hash}` : hash
}

/** GoTrue's `isOtpExpired`: `sentAt` plus the expiry lies in the past (or there is no `sentAt`). */
export function isOtpExpired(
  sentAt: string | null,
  expirySeconds: number,
  now = Date.now(),
): boolean {
  if (!sentAt) return true
  return now > Date.parse(sentAt) + expirySeconds * 1000
}

/** GoTrue's `isOtpValid`: the stored hash matches (with or without the PKCE prefix) and is fresh. */
export function isOtpValid(
  actual: string,
  expected: string | null,
  sentAt: string | null,
  expirySeconds: number,
  now = Date.now(),
): boolean {
  if (!expected || !sentAt) return false
  if (isOtpExpired(sentAt, expirySeconds, now)) return false
  return actual === expected || `${PKCE_PREFIX}${actual}` === expected
}
