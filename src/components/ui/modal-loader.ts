import { whenIdle } from '@/lib/slices'

export type ModalModule = typeof import('./modal')

/** Radix is fetched when the browser is idle or on the first tap (docs/decisions.md). */
let modalModule: ModalModule | null = null
let modalLoading: Promise<ModalModule> | null = null

/** A failure lets the next call try again. */
export function loadModal(): Promise<ModalModule> {
  modalLoading ??= import('./modal').then(
    (module) => (modalModule = module),
    (error: unknown) => {
      modalLoading = null
      throw error
    },
  )
  return modalLoading
}

let idleLoadScheduled = false

export function loadModalWhenIdle(): void {
  if (idleLoadScheduled || modalModule) return
  idleLoadScheduled = true
  const load = () => void loadModal().catch(() => (idleLoadScheduled = false))
  whenIdle(load, 10_000)
}

/** Null until Radix's code is in. */
export function loadedModal(): ModalModule | null {
  return modalModule
}
