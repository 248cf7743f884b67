// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  beginReload,
  emptyRecords,
  failReload,
  finishReload,
  hydrateRecords,
  removeRecord,
  setQueued,
  upsertRecord,
  type RecordsState,
} from './records'

interface Item {
  id: string
  label: string
}

function apply(
  state: RecordsState<Item>,
  ...patches: ((s: RecordsState<Item>) => Partial<RecordsState<Item>>)[]
) {
  return patches.reduce<RecordsState<Item>>(
    (current, patch) => ({ ...current, ...patch(current) }),
    state,
  )
}

const a = { id: 'a', label: 'A' }
const b = { id: 'b', label: 'B' }
const c = { id: 'c', label: 'C' }

describe('records bookkeeping', () => {
  it('upserts and removes by id', () => {
    const state = apply(
      emptyRecords<Item>(),
      (s) => upsertRecord(s, a),
      (s) => upsertRecord(s, b),
      (s) => upsertRecord(s, { id: 'a', label: 'A2' }),
      (s) => removeRecord(s, 'b'),
    )
    expect(state.byId).toEqual({ a: { id: 'a', label: 'A2' } })
  })

  it('replaces the records with a reload snapshot and becomes ready', () => {
    const state = apply(
      emptyRecords<Item>(),
      (s) => upsertRecord(s, c),
      (s) => beginReload(s, 1),
      (s) => finishReload(s, 1, [a, b]),
    )
    expect(state.byId).toEqual({ a, b })
    expect(state.status).toBe('ready')
  })

  it('keeps changes that arrived while the reload was in flight, shown with the first answer', () => {
    const waiting = apply(
      emptyRecords<Item>(),
      (s) => beginReload(s, 1),
      (s) => upsertRecord(s, c),
      (s) => removeRecord(s, 'a'),
    )
    expect(waiting.byId).toEqual({})
    expect(waiting.status).toBe('loading')
    expect(apply(waiting, (s) => finishReload(s, 1, [a, b])).byId).toEqual({ b, c })
  })

  it("keeps showing the golfer's own change once it is stored, before the first answer", () => {
    const stored = apply(
      emptyRecords<Item>(),
      (s) => beginReload(s, 1),
      (s) => setQueued(s, [{ id: 'c', record: c }]),
      (s) => upsertRecord(s, c),
      (s) => setQueued(s, []),
    )
    expect(stored.byId).toEqual({ c })
    expect(apply(stored, (s) => finishReload(s, 1, [a])).byId).toEqual({ a, c })
  })

  it('shows a change at once while a reload refreshes rows already shown', () => {
    const state = apply(
      emptyRecords<Item>(),
      (s) => hydrateRecords(s, [a]),
      (s) => beginReload(s, 1),
      (s) => upsertRecord(s, c),
    )
    expect(state.byId).toEqual({ a, c })
  })

  it('lays the queued changes over the confirmed rows, whatever a reload brings', () => {
    const state = apply(
      emptyRecords<Item>(),
      (s) => upsertRecord(s, b),
      (s) => upsertRecord(s, a),
      (s) =>
        setQueued(s, [
          { id: 'c', record: c },
          { id: 'b', record: null },
          { id: 'a', record: { id: 'a', label: 'A edited' } },
        ]),
      (s) => beginReload(s, 2),
      (s) => finishReload(s, 2, [a, b]),
    )
    expect(state.byId).toEqual({ a: { id: 'a', label: 'A edited' }, c })
    expect(state.pending).toEqual({ a: 'editing', b: 'deleting', c: 'adding' })
    expect(state.confirmed).toEqual({ a, b })
  })

  it('applies queued changes to one record in the order they were made', () => {
    const state = apply(emptyRecords<Item>(), (s) =>
      setQueued(s, [
        { id: 'c', record: c },
        { id: 'c', record: null },
      ]),
    )
    expect(state.byId).toEqual({})
    expect(
      apply(
        state,
        (s) => setQueued(s, [{ id: 'c', record: null }]),
        (s) => upsertRecord(s, c),
      ).byId,
    ).toEqual({})
  })

  it('goes back to the confirmed row when a queued change leaves the queue unsent', () => {
    const state = apply(
      emptyRecords<Item>(),
      (s) => upsertRecord(s, a),
      (s) => setQueued(s, [{ id: 'a', record: null }]),
      (s) => setQueued(s, []),
    )
    expect(state.byId).toEqual({ a })
    expect(state.pending).toEqual({})
  })

  it("shows the device's copy at once, but never over an answer from the server", () => {
    const hydrated = apply(emptyRecords<Item>(), (s) => hydrateRecords(s, [a, b]))
    expect(hydrated.byId).toEqual({ a, b })
    expect(hydrated.status).toBe('ready')
    const late = apply(
      emptyRecords<Item>(),
      (s) => beginReload(s, 1),
      (s) => finishReload(s, 1, [c]),
      (s) => hydrateRecords(s, [a, b]),
    )
    expect(late.byId).toEqual({ c })
  })

  it('ignores the answer of a reload that a newer reload superseded', () => {
    const state = apply(
      emptyRecords<Item>(),
      (s) => beginReload(s, 1),
      (s) => beginReload(s, 2),
      (s) => finishReload(s, 1, [a]),
    )
    expect(state.byId).toEqual({})
    expect(apply(state, (s) => finishReload(s, 2, [b])).byId).toEqual({ b })
  })

  it('reports a failed first load as an error but keeps records already shown', () => {
    const failedFirst = apply(
      emptyRecords<Item>(),
      (s) => beginReload(s, 1),
      (s) => failReload(s, 1),
    )
    expect(failedFirst.status).toBe('error')
    const failedLater = apply(
      emptyRecords<Item>(),
      (s) => beginReload(s, 1),
      (s) => finishReload(s, 1, [a]),
      (s) => beginReload(s, 2),
      (s) => failReload(s, 2),
    )
    expect(failedLater.status).toBe('ready')
    expect(failedLater.byId).toEqual({ a })
  })

  it('keeps the objects it holds when a reload or an echo brings the same rows', () => {
    const shown = apply(emptyRecords<Item>(), (s) => hydrateRecords(s, [a, b]))
    const reloaded = apply(
      shown,
      (s) => beginReload(s, 1),
      (s) => finishReload(s, 1, [{ ...a }, { ...b }]),
      (s) => upsertRecord(s, { ...b }),
      (s) => setQueued(s, []),
    )
    expect(reloaded.status).toBe('ready')
    expect(reloaded.byId).toBe(shown.byId)
    expect(reloaded.pending).toBe(shown.pending)

    const edited = apply(
      reloaded,
      (s) => finishReload(s, 2, []),
      (s) => beginReload(s, 3),
    )
    const withNewB = apply(edited, (s) => finishReload(s, 3, [{ ...a }, { id: 'b', label: 'B2' }]))
    expect(withNewB.byId).not.toBe(shown.byId)
    expect(withNewB.byId.a).toBe(shown.byId.a)
    expect(withNewB.byId.b).toEqual({ id: 'b', label: 'B2' })
  })

  it('compares nested values by value: a reload of the same scored rounds keeps every object', () => {
    interface Card {
      id: string
      holes: { strokes: number; putts: number | null }[] | null
      game: { format: string; partners: { name: string }[] } | null
    }
    const card = (strokes: number, name: string): Card => ({
      id: 'r',
      holes: [
        { strokes: 4, putts: 2 },
        { strokes, putts: null },
      ],
      game: { format: 'stableford', partners: [{ name }] },
    })
    const total: Card = { id: 't', holes: null, game: null }
    const shown = {
      ...emptyRecords<Card>(),
      ...hydrateRecords(emptyRecords<Card>(), [card(5, 'Ann'), total]),
    }
    const same = {
      ...shown,
      ...finishReload({ ...shown, ...beginReload(shown, 7) }, 7, [card(5, 'Ann'), { ...total }]),
    }
    expect(same.byId).toBe(shown.byId)

    const otherHole = {
      ...shown,
      ...finishReload({ ...shown, ...beginReload(shown, 8) }, 8, [card(6, 'Ann'), { ...total }]),
    }
    expect(otherHole.byId.r?.holes?.[1]?.strokes).toBe(6)
    expect(otherHole.byId.t).toBe(shown.byId.t)
    const otherPartner = {
      ...shown,
      ...finishReload({ ...shown, ...beginReload(shown, 9) }, 9, [card(5, 'Ben'), total]),
    }
    expect(otherPartner.byId.r?.game?.partners[0]?.name).toBe('Ben')
    const holesGone = {
      ...shown,
      ...finishReload({ ...shown, ...beginReload(shown, 10) }, 10, [
        { ...card(5, 'Ann'), holes: null },
        total,
      ]),
    }
    expect(holesGone.byId.r?.holes).toBe(null)
  })
})
