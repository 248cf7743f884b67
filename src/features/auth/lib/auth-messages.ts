/**
 * The alerts of product-spec §8, word for word, but the sign-up screen's, which are in
 * sign-up-messages.ts: this module is part of the login screen's script.
 */
export const GOOGLE_SIGN_IN_FAILED =
  'Error during Google sign in. Try again later or sign up with email.'
export const SIGN_IN_FAILED = 'Error during sign in. Email or password incorrect.'
export const SIGN_OUT_FAILED = 'Error signing user out. Please try again.'
