import { screen } from '@testing-library/react'
import { expect } from 'vitest'
import { SERVER_UNREACHABLE } from '@/lib/server-unreachable'

/** No answer from the server is not the golfer's mistake: the alert says so, not `refusal`, and the
 * email typed stays. */
export async function expectServerUnreachable(refusal: string, email: string) {
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(SERVER_UNREACHABLE)
  expect(alert).not.toHaveTextContent(refusal)
  expect(screen.getByLabelText('Email')).toHaveValue(email)
}
