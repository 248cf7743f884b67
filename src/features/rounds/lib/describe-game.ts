import type { Game } from '@/lib/tables/games'

const FORMAT_NAMES: Readonly<Record<Game['format'], string>> = {
  stroke: 'Stroke play',
  stableford: 'Stableford',
  match: 'Match play',
}

/** A plus index as golfers write it: −2.1 is "+2.1". */
export const indexText = (index: number) =>
  index < 0 ? `+${(-index).toFixed(1)}` : index.toFixed(1)

/**
 * A game as the golfer typed it, in words, for the Not saved list after a refusal: "Stableford
 * 95%: Ann 12.4, Red (strokes 5 – 4 …); Ben +1.2, White (strokes …)", a dash for a hole picked up,
 * then the holes the golfer picked up ("; you picked up on 4, 7").
 */
export function describeGame(game: Game): string {
  const partners = game.partners.map(
    (partner) =>
      `${partner.name} ${indexText(partner.index)}, ${partner.teeName} (strokes ${partner.holeStrokes
        .map((strokes) => (strokes === null ? '–' : strokes))
        .join(' ')})`,
  )
  const pickedUp = game.pickedUp?.length ? `; you picked up on ${game.pickedUp.join(', ')}` : ''
  return `${FORMAT_NAMES[game.format]} ${game.allowancePercent}%: ${partners.join('; ')}${pickedUp}`
}
