import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { listCourses } from '@/features/courses/api/list-courses'
import { listRounds } from '@/features/rounds/api/list-rounds'
import { USER_ID } from '@/testing/fixtures'
import { PathProbe } from '@/testing/render-at'
import { AppRoutes } from './router'

vi.mock('@/features/auth/api/sign-in-with-password', () => ({ signInWithPassword: vi.fn() }))
vi.mock('@/features/auth/api/get-google-sign-in-url', () => ({ getGoogleSignInUrl: vi.fn() }))
vi.mock('@/features/auth/api/sign-up', () => ({ signUp: vi.fn() }))
vi.mock('@/features/auth/api/sign-out', () => ({ signOut: vi.fn() }))
vi.mock('@/features/auth/api/exchange-oauth-code', () => ({ exchangeOAuthCode: vi.fn() }))
vi.mock('@/features/courses/api/list-courses', () => ({ listCourses: vi.fn() }))
vi.mock('@/features/courses/api/subscribe-to-courses', () => ({
  subscribeToCourses: vi.fn(() => () => {}),
}))
vi.mock('@/features/rounds/api/list-rounds', () => ({ listRounds: vi.fn() }))
vi.mock('@/features/rounds/api/subscribe-to-rounds', () => ({
  subscribeToRounds: vi.fn(() => () => {}),
}))

let warn: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.mocked(listCourses).mockResolvedValue([])
  vi.mocked(listRounds).mockResolvedValue([])
})
afterEach(() => {
  vi.restoreAllMocks()
})

function openApp(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <PathProbe />
    </MemoryRouter>,
  )
}

const signIn = () =>
  useSessionStore.getState().signIn({ id: USER_ID, email: 'golfer@example.test' })
const signOut = () => useSessionStore.getState().signOut()
const path = () => screen.getByTestId('path').textContent

describe('the guard of /courses and /hcp', () => {
  it.each(['/courses', '/hcp'])(
    "logs 'access denied' and sends a signed-out visitor of %s to the login screen",
    async (route) => {
      signOut()
      openApp(route)
      expect(await screen.findByRole('heading', { name: 'HCPFast' })).toBeInTheDocument()
      expect(path()).toBe('/')
      expect(warn).toHaveBeenCalledWith('access denied')
    },
  )

  it('waits for the stored session before deciding, so a reload stays signed in', async () => {
    openApp('/hcp')
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    act(signIn)
    expect(await screen.findByTestId('handicap-display')).toBeInTheDocument()
    expect(path()).toBe('/hcp')
    expect(warn).not.toHaveBeenCalled()
  })

  it('sends a golfer who signs out to the login screen without logging access denied', async () => {
    signIn()
    openApp('/courses')
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument()
    act(signOut)
    expect(await screen.findByRole('heading', { name: 'HCPFast' })).toBeInTheDocument()
    expect(path()).toBe('/')
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('the signed-out screens', () => {
  it.each(['/', '/signup'])('send a signed-in golfer from %s to their courses', async (route) => {
    signIn()
    openApp(route)
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument()
    expect(path()).toBe('/courses')
  })

  it('move on to the courses as soon as a sign-in arrives, e.g. from the Google popup', async () => {
    signOut()
    openApp('/')
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument()
    act(signIn)
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument()
  })

  it('send an unknown address to the login screen', async () => {
    signOut()
    openApp('/no-such-page')
    expect(await screen.findByRole('heading', { name: 'HCPFast' })).toBeInTheDocument()
    expect(path()).toBe('/')
  })
})
