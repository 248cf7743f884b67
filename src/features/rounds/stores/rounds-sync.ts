import { nextReloadToken } from '@/lib/records'
import { listRounds } from '../api/list-rounds'
import { subscribeToRounds } from '../api/subscribe-to-rounds'
import { useRoundsStore } from './rounds-store'

const store = useRoundsStore.getState
let reloadActive: (() => Promise<void>) | null = null

/**
 * Keeps the rounds store equal to the golfer's rows while signed in: realtime changes, plus a full
 * load now and on every (re)join. The returned stop leaves and resets.
 */
export function syncRounds(userId: string): () => void {
  const reload = async () => {
    const token = nextReloadToken()
    store().beginReload(token)
    try {
      store().finishReload(token, await listRounds(userId))
    } catch {
      store().failReload(token)
    }
  }
  const unsubscribe = subscribeToRounds(userId, {
    onUpsert: (round) => store().upsertRound(round),
    onRemove: (id) => store().removeRound(id),
    onHealth: (live) => {
      store().setLive(live)
      if (live === 'live') void reload()
    },
  })
  reloadActive = reload
  void reload()
  return () => {
    if (reloadActive === reload) reloadActive = null
    unsubscribe()
    store().reset()
  }
}

export function reloadRounds(): void {
  void reloadActive?.()
}
