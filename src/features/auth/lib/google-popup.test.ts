import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  announceGooglePopupFailure,
  googleSignInModeOfThisPage,
  resetGoogleCallbackState,
} from './google-callback'
import {
  GOOGLE_POPUP_NAME,
  onGooglePopupFailure,
  resetGooglePopupState,
  startGoogleSignIn,
} from './google-popup'

const AUTHORIZE_URL = 'http://127.0.0.1:54321/auth/v1/authorize?provider=google'

function fakePopup() {
  return { location: { replace: vi.fn() }, focus: vi.fn(), close: vi.fn() }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('startGoogleSignIn', () => {
  it('opens the named popup before asking for the URL, then points it at Google', async () => {
    const popup = fakePopup()
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const getUrl = vi.fn(async (redirectTo: string) => {
      expect(open).toHaveBeenCalledWith('', GOOGLE_POPUP_NAME, expect.stringContaining('popup'))
      expect(redirectTo).toBe(`${window.location.origin}/auth/callback`)
      return AUTHORIZE_URL
    })

    await expect(startGoogleSignIn(getUrl)).resolves.toBe('popup')
    expect(popup.location.replace).toHaveBeenCalledWith(AUTHORIZE_URL)
    resetGooglePopupState()
    resetGoogleCallbackState()
    expect(googleSignInModeOfThisPage()).toBe('popup')
  })

  it('falls back to this tab when the popup is blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: window.location.origin,
      assign,
    })
    await expect(startGoogleSignIn(async () => AUTHORIZE_URL)).resolves.toBe('redirect')
    expect(assign).toHaveBeenCalledWith(AUTHORIZE_URL)
  })

  it('closes the popup again when no sign-in URL can be had', async () => {
    const popup = fakePopup()
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    await expect(
      startGoogleSignIn(async () => {
        throw new Error('offline')
      }),
    ).rejects.toThrow('offline')
    expect(popup.close).toHaveBeenCalled()
  })
})

describe('the popup failure message', () => {
  it('reaches the tab that opened the popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window)
    await startGoogleSignIn(async () => AUTHORIZE_URL)
    const failed = vi.fn()
    const stop = onGooglePopupFailure(failed)
    announceGooglePopupFailure()
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1))
    stop()
  })

  it('is ignored by a tab that opened no popup', async () => {
    const failed = vi.fn()
    const stop = onGooglePopupFailure(failed)
    const heard = new Promise<void>((resolve) => {
      const listener = new BroadcastChannel('hcpfast:google-sign-in')
      listener.onmessage = () => {
        listener.close()
        resolve()
      }
    })
    announceGooglePopupFailure()
    await heard
    expect(failed).not.toHaveBeenCalled()
    stop()
  })
})

describe('googleSignInModeOfThisPage', () => {
  it('treats a callback page reached without a popup as a full-page redirect', () => {
    expect(googleSignInModeOfThisPage()).toBe('redirect')
  })

  it('reads the mode once and forgets it, so a later visit is not mistaken for a popup', () => {
    window.localStorage.setItem('hcpfast:google-sign-in-mode', 'popup')
    expect(googleSignInModeOfThisPage()).toBe('popup')
    expect(googleSignInModeOfThisPage()).toBe('popup')
    expect(window.localStorage.getItem('hcpfast:google-sign-in-mode')).toBeNull()
  })
})
