import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { UpdateNotice } from './update-notice'

describe('UpdateNotice', () => {
  it('keeps an empty live region in the page until a new version is ready', () => {
    render(<UpdateNotice open={false} onReload={vi.fn()} onDismiss={vi.fn()} />)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('announces the new version and reloads only when the golfer asks', async () => {
    const onReload = vi.fn()
    render(<UpdateNotice open onReload={onReload} onDismiss={vi.fn()} />)
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready.')
    expect(onReload).not.toHaveBeenCalled()
    await userEvent.keyboard('{Tab}')
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(onReload).toHaveBeenCalledTimes(1)
  })

  it('can be put off with Later', async () => {
    const onDismiss = vi.fn()
    render(<UpdateNotice open onReload={vi.fn()} onDismiss={onDismiss} />)
    await userEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })
})
