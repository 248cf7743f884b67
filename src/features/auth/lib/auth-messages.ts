/** The alerts of product-spec §8, word for word. */
export const GOOGLE_SIGN_IN_FAILED =
  'Error during Google sign in. Try again later or sign up with email.'
export const SIGN_IN_FAILED = 'Error during sign in. Email or password incorrect.'
export const REGISTRATION_FAILED =
  'Error registering new user. Please ensure that you are using a valid email. Also ensure your passwords match, are at least 6 characters in length, and use only valid characters.'
export const SIGN_OUT_FAILED = 'Error signing user out. Please try again.'
export const PASSWORDS_DIFFER = 'Passwords must match.'
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters in length.'

export const MINIMUM_PASSWORD_LENGTH = 6
