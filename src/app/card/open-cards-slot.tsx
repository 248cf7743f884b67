import { useEffect, useState, type ComponentType } from 'react'
import { formatPlayedOn } from '@/features/rounds/lib/played-on'
import type { OpenCardsProps } from '@/features/shared-card/components/open-cards'
import { whenIdle } from '@/lib/slices'

// Its own function: a handler chained straight onto import() would catch the module's failure
// and not that of its CSS, which the build's preload wraps around the import.
const loadOpenCards = () => import('@/features/shared-card/components/open-cards')

/** Its chunk and request wait until the browser is idle after the screen's first lists. */
export function OpenCardsSlot() {
  const [List, setList] = useState<ComponentType<OpenCardsProps> | null>(null)
  useEffect(() => {
    let mounted = true
    const load = () => {
      loadOpenCards().then(
        (module) => {
          if (mounted) setList(() => module.OpenCards)
        },
        // Offline with the chunk not cached: each card is still at its link.
        () => undefined,
      )
    }
    const cancel = whenIdle(load, 5000)
    return () => {
      mounted = false
      cancel()
    }
  }, [])
  return List ? <List formatDay={formatPlayedOn} /> : null
}
