/** The earliest day a round may have been played (the database's constraint too). */
export const EARLIEST_PLAYED_ON = '1900-01-01'

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Today in the golfer's own time zone, as YYYY-MM-DD (what a date input holds). */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0')
  const day = String(now.getDate()).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${day}`
}

/** A calendar day, checked: the day itself, or why it is refused. */
export function parsePlayedOn(
  text: string,
  today = localToday(),
): { day: string } | { refused: 'future' | 'invalid' } {
  const match = DAY_PATTERN.exec(text.trim())
  if (!match) return { refused: 'invalid' }
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return { refused: 'invalid' }
  }
  const text10 = match[0]
  if (text10 < EARLIEST_PLAYED_ON) return { refused: 'invalid' }
  if (text10 > today) return { refused: 'future' }
  return { day: text10 }
}

/**
 * British English's short month names, as Intl's en-GB gives them ("Sept" since ICU 72). Written
 * out because constructing an Intl.DateTimeFormat costs 25-30 ms on first use in Chromium (its ICU
 * pattern data), a long task on a slow phone for a screen that only needs these twelve words.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']

/** "14 Sept 2025": a day played, the same whatever the golfer's time zone. */
export function formatPlayedOn(day: string): string {
  const match = DAY_PATTERN.exec(day)
  if (!match) return day
  const [, year, month, date] = match.map(Number) as [number, number, number, number]
  return `${date} ${MONTHS[month - 1]} ${year}`
}
