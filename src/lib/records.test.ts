import { describe, expect, it } from 'vitest'
import {
  beginReload,
  clearPending,
  emptyRecords,
  failReload,
  finishReload,
  markPending,
  removeRecord,
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

  it('keeps changes that arrived while the reload was in flight', () => {
    const state = apply(
      emptyRecords<Item>(),
      (s) => beginReload(s, 1),
      (s) => upsertRecord(s, c),
      (s) => removeRecord(s, 'a'),
      (s) => finishReload(s, 1, [a, b]),
    )
    expect(state.byId).toEqual({ b, c })
  })

  it('keeps a course still being saved and hides one still being deleted', () => {
    const state = apply(
      { ...emptyRecords<Item>(), byId: { b } },
      (s) => markPending(s, 'c', 'adding'),
      (s) => upsertRecord(s, c),
      (s) => markPending(s, 'b', 'deleting'),
      (s) => removeRecord(s, 'b'),
      (s) => beginReload(s, 2),
      (s) => finishReload(s, 2, [a, b]),
    )
    expect(state.byId).toEqual({ a, c })
  })

  it('ignores realtime updates of a record being deleted', () => {
    const state = apply(
      { ...emptyRecords<Item>(), byId: { a } },
      (s) => markPending(s, 'a', 'deleting'),
      (s) => removeRecord(s, 'a'),
      (s) => upsertRecord(s, a),
    )
    expect(state.byId).toEqual({})
    expect(
      apply(
        state,
        (s) => clearPending(s, 'a'),
        (s) => upsertRecord(s, a),
      ).byId,
    ).toEqual({ a })
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
})
