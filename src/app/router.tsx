import { Suspense, type ComponentType } from 'react'
import { ChunkBoundary, lazyChunk } from '@/components/ui/chunk-boundary'
import { PageLoading } from '@/components/ui/loading'
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom'
import { LoginScreen } from '@/features/auth/components/login-screen'
import { RequireSession, SignedOutOnly } from './guards'
import type { Chunk } from '@/lib/chunk'
import {
  loadAccountEntryScreens,
  loadAccountScreen,
  loadCoursesScreen,
  loadHcpScreen,
  loadPlayScreen,
  loadSharedCardScreens,
  loadSignedInLayout,
} from './lazy-screens'

function lazyScreen<Name extends string>(load: Chunk<Record<Name, ComponentType>>, name: Name) {
  return lazyChunk(load, (screens) => screens[name])
}

// The login screen ships without the signed-in shell and screens (see lazy-screens).
const SignedInLayout = lazyChunk(loadSignedInLayout, (shell) => shell.SignedInLayout)
const CoursesScreen = lazyScreen(loadCoursesScreen, 'CoursesScreen')
const HcpScreen = lazyScreen(loadHcpScreen, 'HcpScreen')
const AccountScreen = lazyScreen(loadAccountScreen, 'AccountScreen')
const PlayScreen = lazyScreen(loadPlayScreen, 'PlayScreen')
const NewSharedCardScreen = lazyScreen(loadSharedCardScreens, 'NewSharedCardScreen')
const SharedCardScreen = lazyScreen(loadSharedCardScreens, 'SharedCardScreen')
const JoinCardScreen = lazyScreen(loadSharedCardScreens, 'JoinCardScreen')

// Fetched once the login screen is idle (see prefetchLazyScreens).
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
            <Route path="/card/new" element={<NewSharedCardScreen />} />
            <Route path="/card/:cardId" element={<SharedCardScreen />} />
            <Route path="/join/:code/:place" element={<JoinCardScreen />} />
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
