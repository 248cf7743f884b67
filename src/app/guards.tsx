import { useEffect, useState, type ReactNode } from 'react'
import { PageLoading } from '@/components/ui/loading'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { prefetchLazyScreens } from './lazy-screens'
import { rememberReturn, returnPath } from './return-after-sign-in'

/** Waits for supabase-js to read the stored session, so a reload stays signed in. A visitor without
 * a session is logged as 'access denied' (product-spec §2). */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status)
  const [hadSession, setHadSession] = useState(false)
  const { pathname } = useLocation()
  if (status === 'signed-in' && !hadSession) setHadSession(true)

  if (status === 'checking') return <PageLoading />
  if (status === 'signed-out') return hadSession ? <Navigate to="/" replace /> : <AccessDenied />
  const back = returnPath()
  if (back && back !== pathname) return <Navigate to={back} replace />
  return children
}

function AccessDenied() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  useEffect(() => {
    rememberReturn(pathname)
    console.warn('access denied')
    navigate('/', { replace: true })
  }, [navigate, pathname])
  return null
}

export function SignedOutOnly({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status)
  useEffect(() => (status === 'signed-out' ? prefetchLazyScreens() : undefined), [status])
  if (status === 'checking') return <PageLoading />
  if (status === 'signed-in') return <Navigate to="/courses" replace />
  return children
}
