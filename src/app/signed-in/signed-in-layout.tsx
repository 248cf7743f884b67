import { Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { ChunkBoundary } from '@/components/ui/chunk-boundary'
import { Loading } from '@/components/ui/loading'
import { SkipLink } from '@/components/ui/skip-link'
import { UndoBar } from '@/components/ui/undo-bar'
import { selectUserId, useSessionStore } from '@/features/auth/stores/session-store'
import { useCoursesStore } from '@/features/courses/stores/courses-store'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { NavLink, useLocation } from 'react-router-dom'
import { useNoticesStore } from '@/stores/notices-store'
import { useOutboxStore, waitingSummary } from '@/stores/outbox'
import { resetGolferStores } from '@/stores/resets'
import { prefetchLinkedScreen } from '../lazy-screens'
import { BottomToolbar } from './bottom-toolbar'
import { NotSavedList } from './not-saved-list'
import { OUTBOX_NOUNS, startRecords } from './records'
import '@/styles/record.css'
import '@/styles/holes-and-nines.css'

function useWaitingSummary(): string | null {
  return useOutboxStore((state) =>
    state.reachable ? null : waitingSummary(state.entries, OUTBOX_NOUNS),
  )
}

function onOnlineChange(change: () => void): () => void {
  window.addEventListener('online', change)
  window.addEventListener('offline', change)
  return () => {
    window.removeEventListener('online', change)
    window.removeEventListener('offline', change)
  }
}

/** An open socket can outlive the network unnoticed. */
const useOnline = () => useSyncExternalStore(onOnlineChange, () => navigator.onLine)

function ConnectionLine() {
  const online = useOnline()
  const coursesLost = useCoursesStore((state) => state.live === 'interrupted')
  const roundsLost = useRoundsStore((state) => state.live === 'interrupted')
  const waiting = useWaitingSummary()
  // What waits already says the server is out of reach; "Reconnecting…" is the live data alone.
  const state = !online
    ? 'Offline'
    : (coursesLost || roundsLost) && !waiting
      ? 'Reconnecting…'
      : null
  return (
    <div className="connection" role="status">
      {state || waiting ? (
        <p className="connection__line">
          <span className="connection__dot" aria-hidden="true" />
          {state}
          {state && waiting ? ' · ' : null}
          {waiting ? <span className="connection__waiting">{waiting}</span> : null}
        </p>
      ) : null}
    </div>
  )
}

export function SignedInLayout({ children }: { children: ReactNode }) {
  const userId = useSessionStore(selectUserId)
  const notice = useNoticesStore((state) => state.notice)
  const dismissNotice = useNoticesStore((state) => state.dismissNotice)
  // A card in play has the screen to itself: no tab bar under the golfer's thumb.
  const { pathname } = useLocation()
  const cardInPlay = pathname.startsWith('/play/')

  useEffect(() => {
    if (!userId) return
    const stopRecords = startRecords(userId)
    return () => {
      stopRecords()
      resetGolferStores()
    }
  }, [userId])

  return (
    <div className={cardInPlay ? 'app-shell app-shell--card' : 'app-shell'}>
      <SkipLink to="main">Skip to main content</SkipLink>
      {cardInPlay ? null : <SkipLink to="main-navigation">Skip to navigation</SkipLink>}
      <header
        className="app-bar"
        onPointerDown={prefetchLinkedScreen}
        onFocus={prefetchLinkedScreen}
      >
        <ConnectionLine />
        <NavLink to="/account" className="app-bar__link">
          Account
        </NavLink>
      </header>
      <main id="main" tabIndex={-1} className="screen">
        <AlertMessage message={notice} onDismiss={dismissNotice} />
        <NotSavedList />
        {/* The scorecard's chunk, and any screen that fails to draw: the bar and toolbar stay. */}
        <ChunkBoundary resetKey={pathname}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </ChunkBoundary>
      </main>
      {cardInPlay ? null : <BottomToolbar />}
      {/* After the toolbar: a brief Undo is announced, but keeps the tab order of the screen. */}
      <UndoBar />
    </div>
  )
}
