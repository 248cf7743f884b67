/** The opener's side of "Sign in with Google" (supabase-compat §A.6; docs/decisions.md); the callback
 * page's is google-callback.ts, in a later chunk. */
export type GoogleSignInMode = 'popup' | 'redirect'

export const GOOGLE_POPUP_NAME = 'hcpfast-google-sign-in'
const MODE_KEY = 'hcpfast:google-sign-in-mode'
export const CHANNEL_NAME = 'hcpfast:google-sign-in'
export const FAILED_MESSAGE = { type: CHANNEL_NAME, outcome: 'failed' } as const

let popupPending = false

export function googleCallbackUrl(origin = window.location.origin): string {
  return `${origin}/auth/callback`
}

/** Call from the click handler itself, before any await: the popup must open inside the gesture. */
export async function startGoogleSignIn(
  getSignInUrl: (redirectTo: string) => Promise<string>,
): Promise<GoogleSignInMode> {
  const popup = window.open('', GOOGLE_POPUP_NAME, popupFeatures())
  const mode: GoogleSignInMode = popup ? 'popup' : 'redirect'
  remember(mode)
  let url: string
  try {
    url = await getSignInUrl(googleCallbackUrl())
  } catch (error) {
    popup?.close()
    throw error
  }
  if (popup) {
    popupPending = true
    popup.location.replace(url)
    popup.focus()
  } else {
    window.location.assign(url)
  }
  return mode
}

export function onGooglePopupFailure(callback: () => void): () => void {
  const handle = (data: unknown) => {
    if (!popupPending || !isFailedMessage(data)) return
    popupPending = false
    callback()
  }
  const onWindowMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) handle(event.data)
  }
  window.addEventListener('message', onWindowMessage)
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null
  channel?.addEventListener('message', (event) => handle(event.data))
  return () => {
    window.removeEventListener('message', onWindowMessage)
    channel?.close()
  }
}

function isFailedMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === FAILED_MESSAGE.type &&
    (data as { outcome?: unknown }).outcome === FAILED_MESSAGE.outcome
  )
}

function popupFeatures(): string {
  const width = 480
  const height = 640
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2))
  return `popup,width=${width},height=${height},left=${left},top=${top}`
}

// localStorage can throw; then every callback is treated as a redirect, which still signs in.
function remember(mode: GoogleSignInMode) {
  try {
    window.localStorage.setItem(MODE_KEY, mode)
  } catch {
    /* see above */
  }
}
export function recall(): string | null {
  try {
    return window.localStorage.getItem(MODE_KEY)
  } catch {
    return null
  }
}
export function forget() {
  try {
    window.localStorage.removeItem(MODE_KEY)
  } catch {
    /* see above */
  }
}

export function resetGooglePopupState(): void {
  popupPending = false
}
