import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '@/testing/render-at'
import { readCard, writeCard } from '../lib/card'
import { useCardStore } from '../stores/card-store'
import { aCard, CARD_ID, hole } from '../testing'
import { ResumeRound } from './resume-round'
import { USER, renderScorecard } from './render-scorecard'

const ID = CARD_ID
const renderCard = (save?: () => Promise<boolean>, known?: (id: string) => boolean) =>
  renderScorecard(41, save, known)

describe('Scorecard', () => {
  it('starts a hole at par, stores each tap on the device, and Next keeps the hole', async () => {
    writeCard(USER, aCard())
    const { user } = renderCard()
    expect(await screen.findByRole('heading', { name: 'Hole 10' })).toBeInTheDocument()
    expect(screen.getByTestId('strokes-received')).toHaveTextContent('0')
    expect(screen.getByTestId('strokes-label-value')).toHaveTextContent('4')
    await user.click(screen.getByRole('button', { name: 'Strokes: one more' }))
    expect(readCard(USER)?.scores[0]?.strokes).toBe(5)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Hole 11' })).toBeInTheDocument()
    expect(screen.getByTestId('strokes-received')).toHaveTextContent('1')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    // Hole 11 kept at its par, 4: 9 strokes, +1 over two holes.
    expect(readCard(USER)?.scores.slice(0, 2)).toEqual([hole(5), hole(4)])
    expect(screen.getByTestId('running-total')).toHaveTextContent('Total 9 · +1 after 2 holes')
  })

  it('goes to the next hole on a swipe left and back on a swipe right, not on a tap', async () => {
    writeCard(USER, aCard())
    renderCard()
    const card = await screen.findByRole('region', { name: 'Scorecard, Pebble Beach' })
    const swipe = (fromX: number, toX: number) => {
      fireEvent.pointerDown(card, { clientX: fromX, clientY: 400 })
      fireEvent.pointerUp(card, { clientX: toX, clientY: 410 })
    }
    swipe(300, 290)
    expect(screen.getByRole('heading', { name: 'Hole 10' })).toBeInTheDocument()
    swipe(300, 100)
    expect(await screen.findByRole('heading', { name: 'Hole 11' })).toBeInTheDocument()
    // Swiping on keeps the hole as shown, at par.
    expect(readCard(USER)?.scores[0]).toEqual(hole(4))
    swipe(100, 300)
    expect(await screen.findByRole('heading', { name: 'Hole 10' })).toBeInTheDocument()
  })

  it('offers the fairway only on a par 4 or 5', async () => {
    writeCard(USER, aCard({ at: 2 }))
    renderCard()
    expect(await screen.findByRole('heading', { name: 'Hole 12' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Fairway hit' })).toBeNull()
    expect(screen.getByRole('group', { name: 'Green in regulation' })).toBeInTheDocument()
  })

  it('finishes once from the summary, with the adjusted gross and the capped holes', async () => {
    const strokes = [4, 9, 3, 5, 4, 4, 3, 4, 5]
    writeCard(USER, aCard({ scores: strokes.map((count) => hole(count)), at: 9 }))
    const save = vi.fn(() => Promise.resolve(true))
    const { user } = renderCard(save)
    expect(await screen.findByRole('heading', { name: 'Round summary' })).toBeInTheDocument()
    expect(screen.getByTestId('summary-gross')).toHaveTextContent('41')
    expect(screen.getByTestId('summary-to-par')).toHaveTextContent('+5')
    // Hole 11: 9 strokes against its most of 7.
    expect(screen.getByTestId('summary-capped')).toHaveTextContent(
      'Capped at net double bogey: hole 11.',
    )
    await user.click(screen.getByRole('button', { name: 'Save round' }))
    expect(save).toHaveBeenCalledTimes(1)
    expect(readCard(USER)).toBeNull()
  })

  it("says a round isn't being scored on this device", async () => {
    renderCard()
    expect(
      await screen.findByRole('heading', { name: "This round isn't being scored on this device" }),
    ).toBeInTheDocument()
  })

  it('drops a card whose round is already stored', async () => {
    writeCard(USER, aCard())
    renderCard(undefined, () => true)
    expect(
      await screen.findByRole('heading', { name: "This round isn't being scored on this device" }),
    ).toBeInTheDocument()
    expect(readCard(USER)).toBeNull()
  })
})

describe('ResumeRound', () => {
  it('resumes at the hole the golfer was on, and discards only after a confirmation', async () => {
    writeCard(USER, aCard({ at: 3 }))
    const { user } = renderAt(
      '/hcp',
      <ResumeRound userId={USER} isKnownRound={() => false}>
        <p>Start a round</p>
      </ResumeRound>,
    )
    expect(
      screen.getByRole('link', { name: 'Resume round at Pebble Beach, hole 13' }),
    ).toHaveAttribute('href', `/play/${ID}`)
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    await user.click(await screen.findByRole('button', { name: 'Keep scoring' }))
    expect(readCard(USER)).not.toBeNull()
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    await user.click(await screen.findByRole('button', { name: 'Discard round' }))
    expect(readCard(USER)).toBeNull()
    expect(screen.getByText('Start a round')).toBeInTheDocument()
  })

  it('drops a card whose round is already in the rounds or the outbox', () => {
    writeCard(USER, aCard())
    renderAt(
      '/hcp',
      <ResumeRound userId={USER} isKnownRound={(id) => id === ID}>
        <p>Start a round</p>
      </ResumeRound>,
    )
    expect(screen.getByText('Start a round')).toBeInTheDocument()
    expect(readCard(USER)).toBeNull()
  })

  it('says what the last finish did until the next card is opened', () => {
    useCardStore.getState().noteSaved('Round saved: Diff 14.2, HCP 9.2 → 9.1')
    const { unmount } = renderAt(
      '/hcp',
      <ResumeRound userId={USER} isKnownRound={() => false}>
        <p>Start a round</p>
      </ResumeRound>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Round saved: Diff 14.2, HCP 9.2 → 9.1')
    unmount()
    useCardStore.getState().load(USER)
    renderAt(
      '/hcp',
      <ResumeRound userId={USER} isKnownRound={() => false}>
        <p>Start a round</p>
      </ResumeRound>,
    )
    expect(screen.queryByRole('status')).toBeNull()
  })
})
