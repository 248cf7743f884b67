import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { fetchSignedInScreensEarly } from './app/lazy-screens'
import { AppRouter } from './app/router'
import { registerServiceWorkerAfterLoad } from './app/service-worker/register-after-load'
import { syncSession } from './features/auth/stores/session-sync'
import './styles/global.css'
import './styles/account.css'

syncSession()
fetchSignedInScreensEarly()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
)

registerServiceWorkerAfterLoad()
