import { render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { exchangeOAuthCode } from '../api/exchange-oauth-code'
import { GOOGLE_SIGN_IN_FAILED } from '../lib/auth-messages'
import { AuthCallbackScreen } from './auth-callback-screen'
import { LoginScreen } from './login-screen'

vi.mock('../api/exchange-oauth-code', () => ({ exchangeOAuthCode: vi.fn() }))
vi.mock('../api/sign-in-with-password', () => ({ signInWithPassword: vi.fn() }))
vi.mock('../api/get-google-sign-in-url', () => ({ getGoogleSignInUrl: vi.fn() }))

function arriveAt(url: string, mode?: 'popup' | 'redirect') {
  if (mode) window.localStorage.setItem('hcpfast:google-sign-in-mode', mode)
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/auth/callback" element={<AuthCallbackScreen />} />
          <Route path="/" element={<LoginScreen />} />
          <Route path="/courses" element={<p>Arrived at /courses</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  )
}

function listenForPopupFailure() {
  const heard: unknown[] = []
  const channel = new BroadcastChannel('hcpfast:google-sign-in')
  channel.onmessage = (event) => heard.push(event.data)
  return { heard, stop: () => channel.close() }
}

let close: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  vi.mocked(exchangeOAuthCode).mockReset()
  close = vi.spyOn(window, 'close').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('the OAuth callback after a full-page redirect', () => {
  it('exchanges the code and goes to the courses', async () => {
    vi.mocked(exchangeOAuthCode).mockResolvedValue()
    arriveAt('/auth/callback?code=one-time', 'redirect')
    expect(await screen.findByText('Arrived at /courses')).toBeInTheDocument()
    expect(exchangeOAuthCode).toHaveBeenCalledWith('one-time')
    expect(close).not.toHaveBeenCalled()
  })

  it('goes back to the login screen with the Google alert when Google reports a failure', async () => {
    arriveAt('/auth/callback?error=access_denied&error_description=cancelled')
    expect(await screen.findByRole('alert')).toHaveTextContent(GOOGLE_SIGN_IN_FAILED)
    expect(screen.getByRole('heading', { name: 'HCPFast' })).toBeInTheDocument()
    expect(exchangeOAuthCode).not.toHaveBeenCalled()
  })

  it('goes back to the login screen with the Google alert when the exchange fails', async () => {
    vi.mocked(exchangeOAuthCode).mockRejectedValue(new Error('code already used'))
    arriveAt('/auth/callback?code=spent', 'redirect')
    expect(await screen.findByRole('alert')).toHaveTextContent(GOOGLE_SIGN_IN_FAILED)
  })
})

describe('the OAuth callback in the popup', () => {
  it('exchanges the code, sends no failure, and closes itself', async () => {
    vi.mocked(exchangeOAuthCode).mockResolvedValue()
    const { heard, stop } = listenForPopupFailure()
    arriveAt('/auth/callback?code=one-time', 'popup')
    await vi.waitFor(() => expect(close).toHaveBeenCalled())
    expect(screen.getByRole('status')).toHaveTextContent('You are signed in.')
    expect(heard).toEqual([])
    stop()
  })

  it('tells the opener that Google sign-in failed, then closes itself', async () => {
    const { heard, stop } = listenForPopupFailure()
    arriveAt('/auth/callback?error=access_denied', 'popup')
    await vi.waitFor(() => expect(heard).toHaveLength(1))
    expect(close).toHaveBeenCalled()
    stop()
  })
})
