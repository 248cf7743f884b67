import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { fetchSignedInScreensEarly } from './app/lazy-screens'
import { AppRouter } from './app/router'
import { registerServiceWorkerAfterLoad } from './app/service-worker/register-after-load'
import { syncSession } from './features/auth/stores/session-sync'
import { nextTask } from './lib/slices'
import './styles/global.css'
import './styles/account.css'

// In a task of its own, before the first render's: creating supabase-js's client is work enough to
// lengthen this script's evaluation, the load's longest task.
void nextTask().then(() => syncSession())
fetchSignedInScreensEarly()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// In a task after this script's own, whose evaluation (React, supabase-js) is already the load's
// longest: making the root (React's listeners for every event) and starting the render would add
// to it. A transition, so the first render is done in slices between which the phone can paint
// and take input, instead of one long task (index.html's skeleton shows until it is committed).
void nextTask().then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    )
  })
})

registerServiceWorkerAfterLoad()
