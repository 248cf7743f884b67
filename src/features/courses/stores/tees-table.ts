import { TEES_VERSION, compareTees, teeFromRow, upgradeTeeInput, type Tee } from '@/lib/tables/tees'
import type { RecordsStore } from '@/stores/records-store'
import { defineRecordsTable } from '@/stores/records-table'
import { reloadRecords } from '@/stores/records-sync'
import { addTee, deleteTee, listTees, undoTeeDeletion, updateTee } from '../api/tees'
import {
  ADD_TEE_UNAVAILABLE,
  DELETE_LAST_TEE,
  DELETE_TEE_UNAVAILABLE,
  EDIT_TEE_GONE,
  EDIT_TEE_UNAVAILABLE,
  TEE_DELETED,
  TEE_INVALID,
  UNDO_TEE_FAILED,
} from '../lib/tee-messages'
import type { TeeInput } from '@/lib/tables/tees'

export const teesTable = defineRecordsTable({
  table: 'tees',
  version: TEES_VERSION,
  noun: ['tee', 'tees'],
  fromRow: teeFromRow,
  api: {
    list: listTees,
    add: addTee,
    edit: updateTee,
    remove: deleteTee,
    restore: undoTeeDeletion,
  },
  refusalMessage(action, error) {
    switch (action) {
      case 'add':
        return error.failure === 'invalid' ? TEE_INVALID : ADD_TEE_UNAVAILABLE
      case 'edit':
        if (error.failure === 'invalid') return TEE_INVALID
        return error.failure === 'gone' ? EDIT_TEE_GONE : EDIT_TEE_UNAVAILABLE
      case 'delete':
        return error.failure === 'invalid' ? DELETE_LAST_TEE : DELETE_TEE_UNAVAILABLE
      case 'restore':
        return UNDO_TEE_FAILED
    }
  },
  describe: (tee) =>
    `${tee.name}, ${tee.holes} holes, rating ${tee.rating.toFixed(1)}, slope ${tee.slope}` +
    (tee.par === null ? '' : `, par ${tee.par}`),
  upgradeInput: upgradeTeeInput,
})

export const useTeesStore = teesTable.store

export const reloadTees = () => reloadRecords('tees')

const teesByCourse = new WeakMap<object, ReadonlyMap<string, readonly Tee[]>>()

/** First made first (a round's default tee); memoised per state. */
export function selectTeesByCourse(
  state: Pick<RecordsStore<Tee>, 'byId'>,
): ReadonlyMap<string, readonly Tee[]> {
  let grouped = teesByCourse.get(state.byId)
  if (!grouped) {
    const map = new Map<string, Tee[]>()
    for (const tee of Object.values(state.byId).sort(compareTees)) {
      const list = map.get(tee.courseId)
      if (list) list.push(tee)
      else map.set(tee.courseId, [tee])
    }
    grouped = map
    teesByCourse.set(state.byId, grouped)
  }
  return grouped
}

export function addTeeOptimistically(input: TeeInput): Promise<void> {
  const createdAt = new Date().toISOString()
  return teesTable.add(input, (id) => ({ id, ...input, createdAt }))
}

export function editTeeOptimistically(tee: Tee, input: TeeInput): Promise<void> {
  return teesTable.edit(tee.id, input, { ...tee, ...input })
}

export const deleteTeeOptimistically = (id: string) => teesTable.remove(id, TEE_DELETED)
