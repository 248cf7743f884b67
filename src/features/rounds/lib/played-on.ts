/** The database's constraint too. */
export const EARLIEST_PLAYED_ON = '1900-01-01'

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0')
  const day = String(now.getDate()).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${day}`
}

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

/** As Intl's en-GB gives them ("Sept" since ICU 72), written out: an Intl.DateTimeFormat's first
 * use costs a long task on a slow phone (ICU data). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']

/** The same whatever the golfer's time zone. */
export function formatPlayedOn(day: string): string {
  const match = DAY_PATTERN.exec(day)
  if (!match) return day
  const [, year, month, date] = match.map(Number) as [number, number, number, number]
  return `${date} ${MONTHS[month - 1]} ${year}`
}
