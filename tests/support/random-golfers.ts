/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so a failing set can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), state | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32
  }
}

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
