import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { fetchSignedInScreensEarly } from './app/lazy-screens'
import { AppRouter } from './app/router'
import { registerServiceWorkerAfterLoad } from './app/service-worker/register-after-load'
import { syncSession } from './features/auth/stores/session-sync'
import { nextTask } from './lib/slices'
import './styles/global.css'
import './styles/account.css'

// Creating supabase-js's client would lengthen this script's evaluation, the load's longest task.
void nextTask().then(() => syncSession())
const signedInScreens = fetchSignedInScreensEarly()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// Out of this script's task, already the load's longest; a transition, so the first render comes
// in slices between which the phone can paint and take input. With a kept session, after the
// shell's and the screen's chunks (index.html's skeleton shows meanwhile): rendered before them,
// React would show its fallback and then hold it up for at least 300 ms once they came.
void Promise.all([nextTask(), signedInScreens]).then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    )
  })
})

registerServiceWorkerAfterLoad()
