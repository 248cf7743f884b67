import { CHANNEL_NAME, FAILED_MESSAGE, forget, recall, type GoogleSignInMode } from './google-popup'

/** The callback page's side of google-popup.ts. */
let modeOfThisPage: GoogleSignInMode | undefined

/** Read once per page load, then forgotten. */
export function googleSignInModeOfThisPage(): GoogleSignInMode {
  if (!modeOfThisPage) {
    modeOfThisPage = recall() === 'popup' ? 'popup' : 'redirect'
    forget()
  }
  return modeOfThisPage
}

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

export function resetGoogleCallbackState(): void {
  modeOfThisPage = undefined
}
