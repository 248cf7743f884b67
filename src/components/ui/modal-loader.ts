import { chunk } from '@/lib/chunk'
import { whenIdle } from '@/lib/slices'

export type ModalModule = typeof import('./modal')

/** Radix is fetched when the browser is idle or on the first tap (docs/decisions.md). */
export const loadModal = chunk(() => import('./modal'))

let idleLoadScheduled = false

export function loadModalWhenIdle(): void {
  if (idleLoadScheduled || loadModal.loaded()) return
  idleLoadScheduled = true
  const load = () => void loadModal().catch(() => (idleLoadScheduled = false))
  whenIdle(load, 10_000)
}

/** Null until Radix's code is in. */
export function loadedModal(): ModalModule | null {
  return loadModal.loaded() ?? null
}
