import { MINIMUM_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from './sign-up-messages'

/** In the spec's order; null when registration may go ahead. */
export function checkNewPassword(password: string, confirmation: string): string | null {
  if (password !== confirmation) return PASSWORDS_DIFFER
  // Counted in characters as the golfer sees them, as GoTrue does, not in UTF-16 units.
  if ([...password].length < MINIMUM_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT
  return null
}
