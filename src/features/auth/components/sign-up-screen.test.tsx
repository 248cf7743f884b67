import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@/testing/render-at'
import { signUp } from '../api/sign-up'
import { ServerUnreachableError } from '@/lib/server-unreachable'
import { PASSWORD_TOO_SHORT, PASSWORDS_DIFFER, REGISTRATION_FAILED } from '../lib/sign-up-messages'
import { CONFIRM_EMAIL_MESSAGE, SignUpScreen } from './sign-up-screen'
import { expectServerUnreachable } from '../testing'

vi.mock('../api/sign-up', () => ({ signUp: vi.fn() }))

beforeEach(() => {
  vi.mocked(signUp).mockReset()
})

async function register(email: string, password: string, confirmation: string) {
  const view = renderAt('/signup', <SignUpScreen />)
  await view.user.type(screen.getByLabelText('Email'), email)
  if (password) await view.user.type(screen.getByLabelText('Password'), password)
  if (confirmation) await view.user.type(screen.getByLabelText('Confirm Password'), confirmation)
  await view.user.click(screen.getByRole('button', { name: 'Sign Up' }))
  return view
}

describe('sign-up screen', () => {
  it('says "Signing up…" while registering, and a second press does not register again', async () => {
    let finish!: (value: { signedIn: boolean }) => void
    vi.mocked(signUp).mockReturnValue(new Promise((resolve) => (finish = resolve)))
    const { user } = await register('new@example.test', 'fairway-123', 'fairway-123')
    const button = screen.getByRole('button', { name: 'Signing up…' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await user.click(button)
    expect(signUp).toHaveBeenCalledTimes(1)
    finish({ signedIn: true })
    expect(await screen.findByText('Arrived at /courses')).toBeInTheDocument()
    expect(document.title).toBe('Sign Up · HCPFast')
  })

  it('has an email field of the browser email type, both password fields and both buttons', () => {
    renderAt('/signup', <SignUpScreen />)
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument()
  })

  it('asks for matching passwords first, even when they are also too short', async () => {
    await register('new@example.test', 'abc', 'abd')
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORDS_DIFFER)
    expect(signUp).not.toHaveBeenCalled()
  })

  it('then asks for at least 6 characters', async () => {
    await register('new@example.test', 'abc12', 'abc12')
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_TOO_SHORT)
    expect(signUp).not.toHaveBeenCalled()
  })

  it('refuses empty passwords as too short', async () => {
    await register('new@example.test', '', '')
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_TOO_SHORT)
  })

  it("says the server can't be reached instead of blaming the email when there is no answer", async () => {
    vi.mocked(signUp).mockRejectedValue(new ServerUnreachableError('Failed to fetch'))
    await register('new@example.test', 'fairway-123', 'fairway-123')
    await expectServerUnreachable(REGISTRATION_FAILED, 'new@example.test')
  })

  it('shows the registration alert when the provider refuses, keeping what was typed', async () => {
    vi.mocked(signUp).mockRejectedValue(new Error('User already registered'))
    await register('taken@example.test', 'fairway-123', 'fairway-123')
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_FAILED)
    expect(screen.getByLabelText('Email')).toHaveValue('taken@example.test')
    expect(screen.getByTestId('path')).toHaveTextContent('/signup')
  })

  it('registers and goes to the courses', async () => {
    vi.mocked(signUp).mockResolvedValue({ signedIn: true })
    await register('new@example.test', 'fairway-123', 'fairway-123')
    expect(signUp).toHaveBeenCalledWith('new@example.test', 'fairway-123')
    expect(await screen.findByText('Arrived at /courses')).toBeInTheDocument()
  })

  it('asks the golfer to confirm their email when the project requires it', async () => {
    vi.mocked(signUp).mockResolvedValue({ signedIn: false })
    await register('new@example.test', 'fairway-123', 'fairway-123')
    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRM_EMAIL_MESSAGE)
  })

  it('goes back to the login screen', async () => {
    const { user } = renderAt('/signup', <SignUpScreen />)
    await user.click(screen.getByRole('button', { name: 'Log In' }))
    expect(screen.getByText('Arrived at /')).toBeInTheDocument()
  })
})
