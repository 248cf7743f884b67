import type { OpenCard } from '../api/list-open-cards'

/** Who started the card, in the golfer's words; null when the starter's account is gone. */
export function startedByLine(card: Pick<OpenCard, 'startedBy' | 'startedByMe'>): string | null {
  if (card.startedByMe) return 'Started by you'
  return card.startedBy ? `Started by ${card.startedBy}` : null
}

/** How far the golfer's own scores go: the hole they are on when played in order, else a count. */
export function progressLine(card: Pick<OpenCard, 'holes' | 'scoredHoles' | 'nextHole'>): string {
  if (card.scoredHoles === 0) return 'No scores yet'
  if (card.nextHole === null) return `All ${card.holes} holes scored: ready to sign`
  if (card.scoredHoles === card.nextHole - 1) return `Hole ${card.nextHole}`
  return `${card.scoredHoles} of ${card.holes} holes scored`
}
