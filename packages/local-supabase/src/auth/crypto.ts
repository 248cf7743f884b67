import bcrypt from 'bcryptjs'

/**
 * Password hashing as GoTrue does it (`internal/crypto/password.go`): bcrypt at Go's
 * `bcrypt.DefaultCost`, stored with the `$2a$` prefix Go's bcrypt writes.
 */

const BCRYPT_COST = 10

export async function hashPassword(password: string): Promise<string> {
  const salt = await bcrypt.genSalt(BCRYPT_COST)
  // For passwords of at most 72 bytes (validation refuses longer ones) $2a$ and $2b$ agree.
  return (await bcrypt.hash(password, salt)).replace(/^\$2b\$/, '$2a$')
}

/** GoTrue's `CompareHashAndPassword`: false, never an error, for a hash bcrypt cannot read. */
export async function comparePassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash).catch(() => false)
}
