import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_FAILED } from './chunk-boundary'

/** A fresh copy of ./dialog, before Radix's code is in (setup-tests loads it for every other test). */
async function freshDialog() {
  vi.resetModules()
  return import('./dialog')
}

async function renderAddRound() {
  const { Dialog, DialogActions } = await freshDialog()
  function AddRound() {
    const [open, setOpen] = useState(false)
    return (
      <main>
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title="Add a round"
          trigger={
            <button type="button" className="button">
              Add round
            </button>
          }
        >
          <form>
            <label>
              Score <input name="score" />
            </label>
            <DialogActions submitLabel="Save" />
          </form>
        </Dialog>
        <p>Your rounds</p>
      </main>
    )
  }
  return render(<AddRound />)
}

afterEach(() => {
  vi.doUnmock('./modal')
})

describe('a dialog opened before its code is loaded', () => {
  it('draws its trigger as Radix does, opens on the first tap with focus inside, and gives focus back on close', async () => {
    const user = userEvent.setup()
    await renderAddRound()
    const trigger = screen.getByRole('button', { name: 'Add round' })
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(trigger)
    const dialog = await screen.findByRole('dialog', { name: 'Add a round' })
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))

    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const opener = screen.getByRole('button', { name: 'Add round' })
    expect(opener).toHaveFocus()
    expect(opener).toHaveAttribute('aria-expanded', 'false')
  })

  it('says so when its code cannot load, keeps the screen, and opens on the next tap once it can', async () => {
    const user = userEvent.setup()
    vi.doMock('./modal', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/modal-x.js')
    })
    await renderAddRound()
    await user.click(screen.getByRole('button', { name: 'Add round' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(CHUNK_FAILED)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('Your rounds')).toBeInTheDocument()

    vi.doUnmock('./modal')
    await user.click(screen.getByRole('button', { name: 'Add round' }))
    expect(await screen.findByRole('dialog', { name: 'Add a round' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
