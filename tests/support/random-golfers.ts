import { onTestFailed } from 'vitest'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * ULID-shaped ids in increasing order (the tables check the format): a time part no real clock
 * makes yet, a tag for this run, and a counter — unique, and cheap enough to make 150,000 of.
 */
export function idMaker(): () => string {
  const tag = Array.from({ length: 5 }, () => CROCKFORD[Math.floor(Math.random() * 32)]).join('')
  let next = 0
  return () => {
    let counter = ''
    for (let value = next++, i = 0; i < 20; i++, value = Math.floor(value / 32)) {
      counter = CROCKFORD[value % 32] + counter
    }
    return `7ZZZ${tag}${counter.slice(-17)}`
  }
}

/**
 * The seed of a test's random set: `AGREEMENT_SEED=<n>` tries another, and a failure prints the
 * one it used, so any failing set can be replayed. Call it inside the test.
 */
export function agreementSeed(fallback: number): number {
  const seed = process.env.AGREEMENT_SEED ? Number(process.env.AGREEMENT_SEED) : fallback
  onTestFailed(() => {
    console.error(`Replay this random set with AGREEMENT_SEED=${seed}`)
  })
  return seed
}
