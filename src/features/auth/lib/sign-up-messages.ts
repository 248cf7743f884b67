export const REGISTRATION_FAILED =
  'Error registering new user. Please ensure that you are using a valid email. Also ensure your passwords match, are at least 6 characters in length, and use only valid characters.'
export const PASSWORDS_DIFFER = 'Passwords must match.'
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters in length.'

export const MINIMUM_PASSWORD_LENGTH = 6
