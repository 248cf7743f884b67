import { vi } from 'vitest'
import { renderAt } from '@/testing/render-at'
import type { Card } from '../lib/card'
import { CARD_ID } from '../testing'
import { Scorecard, type CardScoring } from './scorecard'

export const USER = 'golfer-1'

/**
 * For tests: the card of `CARD_ID` on /play, scored off a course handicap of 3 on aCard's back
 * nine (a stroke on holes 13, 11 and 16), its adjusted gross as given.
 */
export function renderScorecard(
  adjustedGross: number,
  save: (card: Card) => Promise<boolean> = vi.fn(() => Promise.resolve(true)),
  known: (id: string) => boolean = () => false,
) {
  const scoring = (): CardScoring => ({
    courseHandicap: 3,
    received: [0, 1, 0, 1, 0, 0, 1, 0, 0],
    maximums: [6, 7, 5, 8, 6, 6, 6, 6, 7],
    adjustedGross: () => adjustedGross,
  })
  return renderAt(
    `/play/${CARD_ID}`,
    <Scorecard
      userId={USER}
      roundId={CARD_ID}
      scoring={scoring}
      save={save}
      isKnownRound={known}
      onFinished={() => undefined}
    />,
  )
}
