import type { Game } from '@/lib/tables/games'

const FORMAT_NAMES: Readonly<Record<Game['format'], string>> = {
  stroke: 'Stroke play',
  stableford: 'Stableford',
  match: 'Match play',
}

/** A plus index as golfers write it: −2.1 is "+2.1". */
export const indexText = (index: number) =>
  index < 0 ? `+${(-index).toFixed(1)}` : index.toFixed(1)

/** For the Not saved list after a refusal, a dash for a hole picked up. */
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
