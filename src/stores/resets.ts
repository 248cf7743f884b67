/** A store registers its reset where it is made, so nothing is forgotten at sign-out or between
 * tests. `page` state (the session itself) outlives a golfer. */
type Scope = 'golfer' | 'page'

const resets: { scope: Scope; reset: () => void }[] = []

export function registerReset(reset: () => void, scope: Scope = 'golfer'): void {
  resets.push({ scope, reset })
}

export function resetGolferStores(): void {
  for (const entry of resets) if (entry.scope === 'golfer') entry.reset()
}

export function resetAllStores(): void {
  for (const entry of resets) entry.reset()
}
