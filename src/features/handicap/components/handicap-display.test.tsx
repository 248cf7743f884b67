import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { HandicapDisplay, NEED_MORE_ROUNDS } from './handicap-display'

const display = () => screen.getByTestId('handicap-display')

describe('HandicapDisplay', () => {
  it.each([0, 2])('asks for more rounds with %i rounds', (roundCount) => {
    render(<HandicapDisplay index={null} roundCount={roundCount} />)
    expect(display()).toHaveTextContent('Input Rounds Below')
    expect(screen.getByText(NEED_MORE_ROUNDS)).toBeVisible()
    expect(display()).not.toHaveTextContent('HCP')
  })

  it('shows the index with the label HCP from 3 rounds', () => {
    render(<HandicapDisplay index={6} roundCount={3} />)
    expect(screen.getByText('6.0')).toBeVisible()
    expect(screen.getByText('HCP')).toBeVisible()
    expect(display()).not.toHaveTextContent('Input Rounds Below')
    expect(screen.queryByText(NEED_MORE_ROUNDS)).not.toBeInTheDocument()
  })

  it('shows a plus handicap with a + sign', () => {
    render(<HandicapDisplay index={-1.2} roundCount={5} />)
    expect(screen.getByText('+1.2')).toBeVisible()
  })

  it('shows neither the placeholder nor a number while the rounds load', () => {
    render(<HandicapDisplay index={null} roundCount={0} loading />)
    expect(display()).not.toHaveTextContent('Input Rounds Below')
    expect(screen.getByRole('status')).toHaveTextContent('Loading your rounds…')
  })
})
