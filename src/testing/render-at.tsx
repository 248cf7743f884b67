import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'

export function PathProbe() {
  return <p data-testid="path">{useLocation().pathname}</p>
}

/** Every other route shows its own path, e.g. "Arrived at /courses". */
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
