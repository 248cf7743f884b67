/**
 * A starting index as a golfer types it (issue 32): the index their federation gave them, −10.0 to
 * 54.0 in tenths, the database's constraint. A plus index is written "+1.2" on a card and stored as
 * −1.2, so both signs mean the same plus index: no golfer means a "minus" handicap any other way.
 * Only plain digits count, as for a course rating: no exponents, commas, "Infinity" or "NaN".
 */
export const STARTING_INDEX_BOUNDS = { plus: 10, most: 54 } as const

const PATTERN = /^([+\-\u2212])?\s*(\d{1,2}(?:\.\d)?)$/

export const STARTING_INDEX_INVALID =
  'Enter the index your federation gave you, from +10.0 to 54.0 with at most one decimal, such as 12.4, or +1.2 for a plus index.'

/** The index as stored (a plus index negative), or null when the text is not one. */
export function parseStartingIndex(text: string): number | null {
  const match = PATTERN.exec(text.trim())
  if (!match) return null
  const size = Number(match[2])
  const index = match[1] ? -size : size
  if (index < -STARTING_INDEX_BOUNDS.plus || index > STARTING_INDEX_BOUNDS.most) return null
  // −0 is 0: "+0.0" is scratch.
  return index === 0 ? 0 : index
}
