import { Suspense, type ComponentType } from 'react'
import { ChunkBoundary, lazyChunk } from '@/components/ui/chunk-boundary'
import { Loading } from '@/components/ui/loading'
import { BrowserRouter, Navigate, Route, Switch, useLocation } from '@/lib/routing'
import { LoginScreen } from '@/features/auth/components/login-screen'
import { RequireSession, SignedOutOnly } from './guards'
import {
  loadAccountEntryScreens,
  loadAccountScreen,
  loadCoursesScreen,
  loadHcpScreen,
  loadPlayScreen,
  loadSignedInLayout,
} from './lazy-screens'

/** A screen from a chunk loaded on first use, shown with Retry in its place when it cannot load. */
function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return lazyChunk(() => load().then((screens) => screens[name]))
}

// The signed-in shell (and Radix, ulid, the handicap engine) and each signed-in screen are chunks
// that only a golfer with a session needs; the login screen ships without them. A screen opened
// first evaluates the shell and its own code only (see lazy-screens).
const SignedInLayout = lazyChunk(() => loadSignedInLayout().then((shell) => shell.SignedInLayout))
const CoursesScreen = lazyScreen(loadCoursesScreen, 'CoursesScreen')
const HcpScreen = lazyScreen(loadHcpScreen, 'HcpScreen')
const AccountScreen = lazyScreen(loadAccountScreen, 'AccountScreen')
// The scorecard is its own chunk: the HCP screen (its resume entry is tiny) does not carry it.
const PlayScreen = lazyScreen(loadPlayScreen, 'PlayScreen')

// Only the login screen is in the entry script; the other signed-out screens are a chunk fetched
// once the login screen is idle (see prefetchLazyScreens).
const SignUpScreen = lazyScreen(loadAccountEntryScreens, 'SignUpScreen')
const ForgotPasswordScreen = lazyScreen(loadAccountEntryScreens, 'ForgotPasswordScreen')
const ResetPasswordScreen = lazyScreen(loadAccountEntryScreens, 'ResetPasswordScreen')
const AuthCallbackScreen = lazyScreen(loadAccountEntryScreens, 'AuthCallbackScreen')

/** The signed-in screens share one layout, which stays mounted (and live) as the golfer moves between them. */
const SIGNED_IN_PATHS = /^\/(courses|hcp|account|play\/[^/]+)\/?$/

export function AppRoutes() {
  const { pathname } = useLocation()
  return (
    <ChunkBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path="/">
            <SignedOutOnly>
              <LoginScreen />
            </SignedOutOnly>
          </Route>
          <Route path="/signup">
            <SignedOutOnly>
              <SignUpScreen />
            </SignedOutOnly>
          </Route>
          <Route path="/forgot-password">
            <SignedOutOnly>
              <ForgotPasswordScreen />
            </SignedOutOnly>
          </Route>
          <Route path="/auth/callback">
            <AuthCallbackScreen />
          </Route>
          {/* Not signed-out-only: the recovery link signs the golfer in before they choose a password. */}
          <Route path="/auth/reset-password">
            <ResetPasswordScreen />
          </Route>
          <Route path={SIGNED_IN_PATHS}>
            <RequireSession>
              <Suspense fallback={<Loading />}>
                <SignedInLayout>
                  <Switch>
                    <Route path="/courses">
                      <CoursesScreen />
                    </Route>
                    <Route path="/hcp">
                      <HcpScreen />
                    </Route>
                    <Route path="/play/:roundId">
                      <PlayScreen />
                    </Route>
                    <Route path="/account">
                      <AccountScreen />
                    </Route>
                  </Switch>
                </SignedInLayout>
              </Suspense>
            </RequireSession>
          </Route>
          <Route>
            <Navigate to="/" replace />
          </Route>
        </Switch>
      </Suspense>
    </ChunkBoundary>
  )
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
