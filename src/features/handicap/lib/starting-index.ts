/** The database's bounds. "+1.2" on a card is stored as −1.2, and a typed "-1.2" means the same;
 * only plain digits count, no exponents, commas, "Infinity" or "NaN". */
export const STARTING_INDEX_BOUNDS = { plus: 10, most: 54 } as const

const PATTERN = /^([+\-\u2212])?\s*(\d{1,2}(?:\.\d)?)$/

export const STARTING_INDEX_INVALID =
  'Enter the index your federation gave you, from +10.0 to 54.0 with at most one decimal, such as 12.4, or +1.2 for a plus index.'

/** A plus index is stored negative; null when the text is not an index. */
export function parseStartingIndex(text: string): number | null {
  const match = PATTERN.exec(text.trim())
  if (!match) return null
  const size = Number(match[2])
  const index = match[1] ? -size : size
  if (index < -STARTING_INDEX_BOUNDS.plus || index > STARTING_INDEX_BOUNDS.most) return null
  return index === 0 ? 0 : index
}
