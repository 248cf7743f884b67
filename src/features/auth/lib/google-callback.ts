import { CHANNEL_NAME, FAILED_MESSAGE, forget, recall, type GoogleSignInMode } from './google-popup'

/** The callback page's side of "Sign in with Google" (see google-popup.ts for the whole story). */
let modeOfThisPage: GoogleSignInMode | undefined

/** On /auth/callback: how this page was reached. Read once per page load, then forgotten. */
export function googleSignInModeOfThisPage(): GoogleSignInMode {
  if (!modeOfThisPage) {
    modeOfThisPage = recall() === 'popup' ? 'popup' : 'redirect'
    forget()
  }
  return modeOfThisPage
}

/** On /auth/callback in the popup: tells the opener the sign-in failed. */
export function announceGooglePopupFailure(): void {
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(CHANNEL_NAME)
    channel.postMessage(FAILED_MESSAGE)
    channel.close()
  }
  const opener = window.opener as Window | null
  try {
    opener?.postMessage(FAILED_MESSAGE, window.location.origin)
  } catch {
    // The opener navigated elsewhere: the BroadcastChannel message is the one that counts.
  }
}

/** For tests: forget the callback page's state between cases. */
export function resetGoogleCallbackState(): void {
  modeOfThisPage = undefined
}
