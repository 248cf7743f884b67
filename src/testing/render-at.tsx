import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from '@/lib/routing'

/** Shows the current path, so a test can see where a screen sent the golfer. */
export function PathProbe() {
  return <p data-testid="path">{useLocation().pathname}</p>
}

/**
 * Renders `screen` at `path` in a memory router where every other route the screens lead to shows
 * its own path, e.g. "Arrived at /courses".
 */
export function renderAt(path: string, screen: ReactElement, state?: unknown) {
  const user = userEvent.setup()
  const destinations = ['/', '/signup', '/courses', '/hcp'].filter((route) => route !== path)
  const result = render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route path={path} element={screen} />
        {destinations.map((route) => (
          <Route key={route} path={route} element={<p>Arrived at {route}</p>} />
        ))}
      </Routes>
      <PathProbe />
    </MemoryRouter>,
  )
  return { user, ...result }
}
