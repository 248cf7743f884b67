import { Suspense, type ComponentType } from 'react'
import { ChunkBoundary, lazyChunk } from '@/components/ui/chunk-boundary'
import { PageLoading } from '@/components/ui/loading'
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from '@/lib/routing'
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

export function AppRoutes() {
  const { pathname } = useLocation()
  return (
    <ChunkBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route
            path="/"
            element={
              <SignedOutOnly>
                <LoginScreen />
              </SignedOutOnly>
            }
          />
          <Route
            path="/signup"
            element={
              <SignedOutOnly>
                <SignUpScreen />
              </SignedOutOnly>
            }
          />
          <Route
            path="/forgot-password"
            element={
              <SignedOutOnly>
                <ForgotPasswordScreen />
              </SignedOutOnly>
            }
          />
          <Route path="/auth/callback" element={<AuthCallbackScreen />} />
          {/* Not signed-out-only: the recovery link signs the golfer in before they choose a password. */}
          <Route path="/auth/reset-password" element={<ResetPasswordScreen />} />
          {/* A layout route: the shell, and the golfer's live data with it, stays mounted between tabs. */}
          <Route element={<SignedInShell />}>
            <Route path="/courses" element={<CoursesScreen />} />
            <Route path="/hcp" element={<HcpScreen />} />
            <Route path="/play/:roundId" element={<PlayScreen />} />
            <Route path="/account" element={<AccountScreen />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ChunkBoundary>
  )
}

function SignedInShell() {
  return (
    <RequireSession>
      <Suspense fallback={<PageLoading />}>
        <SignedInLayout>
          <Outlet />
        </SignedInLayout>
      </Suspense>
    </RequireSession>
  )
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
