import { lazy, Suspense } from 'react'
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom'
import { Loading } from '@/components/ui/loading'
import { AuthCallbackScreen } from '@/features/auth/components/auth-callback-screen'
import { ForgotPasswordScreen } from '@/features/auth/components/forgot-password-screen'
import { LoginScreen } from '@/features/auth/components/login-screen'
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen'
import { SignUpScreen } from '@/features/auth/components/sign-up-screen'
import { RequireSession, SignedOutOnly } from './guards'
import { loadSignedInScreens } from './signed-in-loader'

// The signed-in screens (and Radix, ulid, the handicap engine) are one chunk that only a golfer
// with a session needs; the login screen ships without them.
const SignedInLayout = lazy(() =>
  loadSignedInScreens().then((m) => ({ default: m.SignedInLayout })),
)
const CoursesScreen = lazy(() => loadSignedInScreens().then((m) => ({ default: m.CoursesScreen })))
const HcpScreen = lazy(() => loadSignedInScreens().then((m) => ({ default: m.HcpScreen })))
const AccountScreen = lazy(() => loadSignedInScreens().then((m) => ({ default: m.AccountScreen })))

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
  return useRoutes(routes)
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
