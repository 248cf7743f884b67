import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@/testing/render-at'
import { getGoogleSignInUrl } from '../api/get-google-sign-in-url'
import { signInWithPassword } from '../api/sign-in-with-password'
import { ServerUnreachableError } from '@/lib/server-unreachable'
import { GOOGLE_SIGN_IN_FAILED, SIGN_IN_FAILED } from '../lib/auth-messages'
import { announceGooglePopupFailure } from '../lib/google-callback'
import { EMAIL_HINT, LoginScreen } from './login-screen'
import { expectServerUnreachable } from '../testing'

vi.mock('../api/sign-in-with-password', () => ({ signInWithPassword: vi.fn() }))
vi.mock('../api/get-google-sign-in-url', () => ({ getGoogleSignInUrl: vi.fn() }))

const popup = { location: { replace: vi.fn() }, focus: vi.fn(), close: vi.fn() }

beforeEach(() => {
  vi.mocked(signInWithPassword).mockReset()
  vi.mocked(getGoogleSignInUrl).mockReset()
  vi.mocked(getGoogleSignInUrl).mockResolvedValue('http://127.0.0.1:54321/auth/v1/authorize')
})
afterEach(() => {
  vi.restoreAllMocks()
})

async function logIn(email: string, password: string) {
  const view = renderAt('/', <LoginScreen />)
  await view.user.type(screen.getByLabelText('Email'), email)
  await view.user.type(screen.getByLabelText('Password'), password)
  await view.user.click(screen.getByRole('button', { name: 'Log In' }))
  return view
}

describe('login screen', () => {
  it('shows the product name, labelled fields, the three buttons and the privacy hint', () => {
    renderAt('/', <LoginScreen />)
    expect(screen.getByRole('heading', { level: 1, name: 'HCPFast' })).toBeInTheDocument()
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toHaveAccessibleDescription(EMAIL_HINT)
    expect(screen.getByText(EMAIL_HINT)).toBeVisible()
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    for (const name of ['Log In', 'Sign up', 'Sign in with Google']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('signs in with the typed email and password and goes to the courses', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue()
    await logIn('golfer@example.test', 'fairway-123')
    expect(signInWithPassword).toHaveBeenCalledWith('golfer@example.test', 'fairway-123')
    expect(await screen.findByText('Arrived at /courses')).toBeInTheDocument()
  })

  it("says the server can't be reached, not that the password is wrong, when there is no answer", async () => {
    vi.mocked(signInWithPassword).mockRejectedValue(new ServerUnreachableError('Failed to fetch'))
    await logIn('golfer@example.test', 'fairway-123')
    await expectServerUnreachable(SIGN_IN_FAILED, 'golfer@example.test')
  })

  it('shows the sign-in alert on failure, keeps the email, and OK returns focus', async () => {
    vi.mocked(signInWithPassword).mockRejectedValue(new Error('Invalid login credentials'))
    const { user } = await logIn('golfer@example.test', 'wrong')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(SIGN_IN_FAILED)
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/)
    expect(screen.getByLabelText('Email')).toHaveValue('golfer@example.test')
    const ok = screen.getByRole('button', { name: 'OK' })
    expect(ok).toHaveFocus()
    await user.click(ok)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log In' })).toHaveFocus()
  })

  it('says "Signing in…" while signing in, and a second press does not sign in again', async () => {
    let finish!: () => void
    vi.mocked(signInWithPassword).mockReturnValue(
      new Promise<void>((resolve) => (finish = resolve)),
    )
    const { user } = await logIn('golfer@example.test', 'fairway-123')
    const button = screen.getByRole('button', { name: 'Signing in…' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).toHaveFocus()
    await user.click(button)
    await user.keyboard('{Enter}')
    expect(signInWithPassword).toHaveBeenCalledTimes(1)
    finish()
    expect(await screen.findByText('Arrived at /courses')).toBeInTheDocument()
  })

  it('names the screen in the document title', () => {
    renderAt('/', <LoginScreen />)
    expect(document.title).toBe('Log In · HCPFast')
  })

  it('goes to the sign-up screen', async () => {
    const { user } = renderAt('/', <LoginScreen />)
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(screen.getByText('Arrived at /signup')).toBeInTheDocument()
  })

  it('opens Google in a popup and shows the Google alert when the popup reports a failure', async () => {
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const { user } = renderAt('/', <LoginScreen />)
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }))
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled())
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    announceGooglePopupFailure()
    expect(await screen.findByRole('alert')).toHaveTextContent(GOOGLE_SIGN_IN_FAILED)
  })

  it('shows the Google alert when the sign-in cannot even start', async () => {
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    vi.mocked(getGoogleSignInUrl).mockRejectedValue(new Error('offline'))
    const { user } = renderAt('/', <LoginScreen />)
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(GOOGLE_SIGN_IN_FAILED)
  })

  it('shows the Google alert after a full-page Google sign-in came back failed', () => {
    renderAt('/', <LoginScreen />, { googleSignInFailed: true })
    expect(screen.getByRole('alert')).toHaveTextContent(GOOGLE_SIGN_IN_FAILED)
  })
})
