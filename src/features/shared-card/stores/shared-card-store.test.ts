import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataError } from '@/lib/data-error'
import { forgetDevice, startOutbox, type OutboxEntry } from '@/stores/outbox'
import { loadSharedCard } from '../api/shared-card-api'
import { cellOf } from '../lib/cells'
import type { CardPlace, SharedCardState } from '../types'
import {
  CARD_ENTRIES_KIND,
  cardEntriesKind,
  enterScore,
  entriesOnPhone,
  useSharedCardStore,
} from './shared-card-store'

const SAM = 'user-sam'
const CARD = '01JCARD0000000000000000000'
const SHARED = {
  card: { id: CARD, holes: 18, format: 'stroke', course_name: 'Links Park' },
  places: [
    { player_no: 1, name: 'Sam', user_id: SAM, marker_no: 2 },
    { player_no: 2, name: 'Ann', user_id: 'user-ann', marker_no: 1 },
  ] as CardPlace[],
  entries: [],
} as unknown as SharedCardState

// The read stands in for PostgREST too; a test that needs it says what the tables answer.
vi.mock('../api/shared-card-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/shared-card-api')>()),
  loadSharedCard: vi.fn(),
}))

// The send stands in for PostgREST, which does not run in jsdom; the browser test sends for real.
const send = vi.fn<(entry: OutboxEntry) => Promise<unknown>>()
let stop: () => void

beforeEach(() => {
  send.mockReset()
  useSharedCardStore.setState({ userId: SAM, cardId: CARD, shared: SHARED, queued: [] })
  stop = startOutbox(SAM, {
    [CARD_ENTRIES_KIND]: {
      ...cardEntriesKind,
      send: (entry) => send(entry).then(() => entry.record),
    },
  })
})

afterEach(async () => {
  stop()
  await forgetDevice(SAM)
})

const onPhone = () => {
  const { shared, queued } = useSharedCardStore.getState()
  return entriesOnPhone(shared as SharedCardState, queued)
}

describe('the shared card on a phone', () => {
  it('shows an entry made with no signal at once, marked as not shared, and a correction replaces it', async () => {
    send.mockRejectedValue(new DataError({ message: 'Failed to fetch' }))
    expect(await enterScore(1, 1, 5)).toBe(true)
    await vi.waitFor(() => expect(onPhone().waiting).toHaveLength(1))
    expect(cellOf(onPhone().entries, 1, 1)).toMatchObject({ state: 'agreed', strokes: 5 })
    const first = onPhone().waiting[0]?.id
    await enterScore(1, 1, 6)
    await vi.waitFor(() => expect(onPhone().waiting).toHaveLength(2))
    expect(onPhone().waiting[1]).toMatchObject({ strokes: 6, replaces: [first] })
    expect(cellOf(onPhone().entries, 1, 1)).toMatchObject({ state: 'agreed', strokes: 6 })
  })

  it('keeps a shared entry on the card once the outbox has sent it', async () => {
    send.mockResolvedValue(undefined)
    await enterScore(2, 3, null)
    await vi.waitFor(() => expect(useSharedCardStore.getState().shared?.entries).toHaveLength(1))
    expect(onPhone().waiting).toEqual([])
    expect(cellOf(onPhone().entries, 2, 3)).toMatchObject({ state: 'agreed', strokes: null })
  })

  it('keeps an entry that arrived by broadcast while a read of the tables was on its way', async () => {
    let answer: (state: SharedCardState) => void = () => undefined
    vi.mocked(loadSharedCard).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const reading = useSharedCardStore.getState().catchUp()
    useSharedCardStore.getState().upsert({
      id: '01JENTRY000000000000000000',
      card_id: CARD,
      player_no: 2,
      hole: 1,
      strokes: 4,
      replaces: [],
      entered_by: 'user-ann',
    })
    // The tables as they were when the read began: without Ann's entry.
    answer(SHARED)
    await reading
    expect(cellOf(onPhone().entries, 2, 1)).toMatchObject({ state: 'agreed', strokes: 4 })
  })
})
