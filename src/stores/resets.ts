/**
 * Every store's reset, in one place. A store registers its reset where it is made, so nothing
 * that holds state is forgotten when the golfer signs out (the layout calls `resetGolferStores`)
 * or between tests (`resetAllStores`).
 *
 * - `golfer`: what one golfer's session holds (their rows, the outbox's state, notices, the Undo).
 * - `page`: what outlives a golfer (the session itself): reset only between tests.
 */
type Scope = 'golfer' | 'page'

const resets: { scope: Scope; reset: () => void }[] = []

export function registerReset(reset: () => void, scope: Scope = 'golfer'): void {
  resets.push({ scope, reset })
}

/** Sign-out: nothing of the golfer who left stays in memory. */
export function resetGolferStores(): void {
  for (const entry of resets) if (entry.scope === 'golfer') entry.reset()
}

/** Between tests: every store as the page first had it. */
export function resetAllStores(): void {
  for (const entry of resets) entry.reset()
}
