import bcrypt from 'bcryptjs'

/**
 * Password hashing as GoTrue does it (`internal/crypto/password.go`): bcrypt at Go's
 * `bcrypt.DefaultCost`, stored with the `$2a$` prefix Go's bcrypt writes.
 */

export const DEFAULT_PASSWORD_HASH_COST = 10

/**
 * bcrypt's least cost, for throwaway test stacks only, as GoTrue's own tests lower
 * `crypto.PasswordHashCost`: a hash then takes about a millisecond instead of a tenth of a second.
 */
export const QUICK_PASSWORD_HASH_COST = 4

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = await bcrypt.genSalt(cost)
  // For passwords of at most 72 bytes (validation refuses longer ones) $2a$ and $2b$ agree.
  return (await bcrypt.hash(password, salt)).replace(/^\$2b\$/, '$2a$')
}

/** GoTrue's `CompareHashAndPassword`: false, never an error, for a hash bcrypt cannot read. */
export async function comparePassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash).catch(() => false)
}
