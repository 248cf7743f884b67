import { lazy, Suspense, type ComponentType } from 'react'
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom'
import { Loading } from '@/components/ui/loading'
import { LoginScreen } from '@/features/auth/components/login-screen'
import { RequireSession, SignedOutOnly } from './guards'
import { loadAccountEntryScreens, loadPlayScreen, loadSignedInScreens } from './lazy-screens'

/** A screen from a chunk loaded on first use: React.lazy wants the component as a default export. */
function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return lazy(() => load().then((screens) => ({ default: screens[name] })))
}

// The signed-in screens (and Radix, ulid, the handicap engine) are one chunk that only a golfer
// with a session needs; the login screen ships without them.
const SignedInLayout = lazyScreen(loadSignedInScreens, 'SignedInLayout')
const CoursesScreen = lazyScreen(loadSignedInScreens, 'CoursesScreen')
const HcpScreen = lazyScreen(loadSignedInScreens, 'HcpScreen')
const AccountScreen = lazyScreen(loadSignedInScreens, 'AccountScreen')
// The scorecard is its own chunk: the HCP screen (its resume entry is tiny) does not carry it.
const PlayScreen = lazyScreen(loadPlayScreen, 'PlayScreen')

// Only the login screen is in the entry script; the other signed-out screens are a chunk fetched
// once the login screen is idle (see prefetchLazyScreens).
const SignUpScreen = lazyScreen(loadAccountEntryScreens, 'SignUpScreen')
const ForgotPasswordScreen = lazyScreen(loadAccountEntryScreens, 'ForgotPasswordScreen')
const ResetPasswordScreen = lazyScreen(loadAccountEntryScreens, 'ResetPasswordScreen')
const AuthCallbackScreen = lazyScreen(loadAccountEntryScreens, 'AuthCallbackScreen')

export const routes: RouteObject[] = [
  {
    element: <SignedOutOnly />,
    children: [
      { path: '/', element: <LoginScreen /> },
      { path: '/signup', element: <SignUpScreen /> },
      { path: '/forgot-password', element: <ForgotPasswordScreen /> },
    ],
  },
  { path: '/auth/callback', element: <AuthCallbackScreen /> },
  // Not signed-out-only: the recovery link signs the golfer in before they choose a password.
  { path: '/auth/reset-password', element: <ResetPasswordScreen /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: (
          <Suspense fallback={<Loading />}>
            <SignedInLayout />
          </Suspense>
        ),
        children: [
          { path: '/courses', element: <CoursesScreen /> },
          { path: '/hcp', element: <HcpScreen /> },
          { path: '/play/:roundId', element: <PlayScreen /> },
          { path: '/account', element: <AccountScreen /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]

// Declarative routing: the data router would add about 16 KB (gzipped) of loader, action and
// fetcher machinery to the login screen, none of which this app uses.
export function AppRoutes() {
  return <Suspense fallback={<Loading />}>{useRoutes(routes)}</Suspense>
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
