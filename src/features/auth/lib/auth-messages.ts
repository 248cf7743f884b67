/** Product-spec §8 word for word; the sign-up screen's are in sign-up-messages.ts, out of the login
 * screen's script. */
export const GOOGLE_SIGN_IN_FAILED =
  'Error during Google sign in. Try again later or sign up with email.'
export const SIGN_IN_FAILED = 'Error during sign in. Email or password incorrect.'
export const SIGN_OUT_FAILED = 'Error signing user out. Please try again.'
