import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Accordion, AccordionAction, AccordionItem } from './accordion'

function renderList() {
  const user = userEvent.setup()
  render(
    <Accordion>
      <AccordionAction>Add a round...</AccordionAction>
      {['Augusta', 'Pebble Beach', 'St Andrews'].map((name) => (
        <AccordionItem key={name} value={name} title={name}>
          <p>Details of {name}</p>
        </AccordionItem>
      ))}
    </Accordion>,
  )
  return user
}

const entry = (name: string) => screen.getByRole('button', { name })

describe('Accordion', () => {
  it('renders a closed entry as its heading and button only', () => {
    renderList()
    expect(screen.getByRole('heading', { level: 3, name: 'Augusta' })).toBeInTheDocument()
    expect(entry('Augusta')).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText(/Details of/)).not.toBeInTheDocument()
  })

  it('opens one entry at a time, and closes it again', async () => {
    const user = renderList()
    await user.click(entry('Augusta'))
    const panel = screen.getByRole('region', { name: 'Augusta' })
    expect(panel).toHaveTextContent('Details of Augusta')
    expect(entry('Augusta')).toHaveAttribute('aria-expanded', 'true')
    expect(entry('Augusta')).toHaveAttribute('aria-controls', panel.id)

    await user.click(entry('St Andrews'))
    expect(screen.getByText('Details of St Andrews')).toBeVisible()
    expect(screen.queryByText('Details of Augusta')).not.toBeInTheDocument()
    expect(entry('Augusta')).toHaveAttribute('aria-expanded', 'false')

    await user.click(entry('St Andrews'))
    expect(screen.queryByText(/Details of/)).not.toBeInTheDocument()
  })

  it('moves between entries with the arrow keys, Home and End, wrapping around', async () => {
    const user = renderList()
    entry('Augusta').focus()
    await user.keyboard('{ArrowDown}')
    expect(entry('Pebble Beach')).toHaveFocus()
    await user.keyboard('{End}')
    expect(entry('St Andrews')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(entry('Augusta')).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(entry('St Andrews')).toHaveFocus()
    await user.keyboard('{Home}')
    expect(entry('Augusta')).toHaveFocus()
  })

  it('leaves the arrow keys alone on a button that is not an entry', async () => {
    const user = renderList()
    const action = screen.getByRole('button', { name: 'Add a round...' })
    action.focus()
    await user.keyboard('{ArrowDown}')
    expect(action).toHaveFocus()
  })
})
