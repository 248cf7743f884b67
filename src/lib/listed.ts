/** "7", "7 and 12", "3, 7 and 12". */
export function listed(numbers: readonly number[]): string {
  const last = numbers.at(-1)
  return numbers.length < 2 ? String(last) : `${numbers.slice(0, -1).join(', ')} and ${last}`
}
