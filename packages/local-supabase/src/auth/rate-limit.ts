/**
 * GoTrue's per-IP request limits (tollbooth token buckets): a budget of `limit` requests that
 * refills at `limit` per `windowSeconds`. GoTrue fixes the bucket's burst at 30; here it is the
 * limit itself, so the documented "N requests per 5 minutes" holds for small N too, and a raised
 * limit (local development, tests) also raises the burst.
 */
export class RequestLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request from `key`'s budget; false when it is spent. */
  take(key: string): boolean {
    if (this.limit <= 0) return false
    const now = this.now()
    const refillPerMs = this.limit / (this.windowSeconds * 1000)
    const bucket = this.buckets.get(key) ?? { tokens: this.limit, at: now }
    bucket.tokens = Math.min(this.limit, bucket.tokens + (now - bucket.at) * refillPerMs)
    bucket.at = now
    if (this.buckets.size > 10_000) this.forgetFull(now)
    this.buckets.set(key, bucket)
    if (bucket.tokens < 1) return false
    bucket.tokens -= 1
    return true
  }

  private forgetFull(now: number) {
    const refillPerMs = this.limit / (this.windowSeconds * 1000)
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * refillPerMs >= this.limit) this.buckets.delete(key)
    }
  }
}

/**
 * GoTrue's mail limit (its IntervalLimiter): at most `limit` mails per interval for the whole
 * instance, the count starting again when an interval is over.
 */
export class IntervalLimiter {
  private windowStart = 0
  private count = 0

  constructor(
    readonly limit: number,
    readonly intervalSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether one more event fits, without counting it. */
  allows(): boolean {
    this.roll()
    return this.count < this.limit
  }

  /** Counts one event if it fits. */
  take(): boolean {
    if (!this.allows()) return false
    this.count += 1
    return true
  }

  private roll() {
    const now = this.now()
    if (now - this.windowStart >= this.intervalSeconds * 1000) {
      this.windowStart = now
      this.count = 0
    }
  }
}

/** GoTrue's seconds-left message for `max_frequency` refusals. */
export function frequencyLimitMessage(
  sentAt: number,
  maxFrequencySeconds: number,
  now = Date.now(),
) {
  const left = Math.trunc((sentAt + maxFrequencySeconds * 1000 - now) / 1000)
  return `For security purposes, you can only request this after ${left} seconds.`
}
