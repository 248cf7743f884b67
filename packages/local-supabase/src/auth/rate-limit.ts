import type { Context } from 'hono'
import type { StackConfig } from '../config.ts'
import { authError } from './errors.ts'

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

/** GoTrue's limiters of one Auth service (its `apilimiter`), from `[auth.rate_limit]`. */
export interface AuthLimits {
  /** sign_in_sign_ups: /signup, /recover, /resend, PUT /user, per IP over 5 minutes. */
  signInSignUps: RequestLimiter
  /** token_refresh: every /token grant, per IP over 5 minutes. */
  token: RequestLimiter
  /** token_verifications: /verify, per IP over 5 minutes. */
  verify: RequestLimiter
  /** email_sent: mails per hour for the whole instance. */
  emailSent: IntervalLimiter
  /** When a recovery was last asked for an unregistered address (see `recover`). */
  recoveryAskedAt: Map<string, number>
}

export function authLimits(config: StackConfig['auth']): AuthLimits {
  const { rateLimit } = config
  return {
    signInSignUps: new RequestLimiter(rateLimit.signInSignUps, 300),
    token: new RequestLimiter(rateLimit.tokenRefresh, 300),
    verify: new RequestLimiter(rateLimit.tokenVerifications, 300),
    emailSent: new IntervalLimiter(rateLimit.emailSent, 3600),
    recoveryAskedAt: new Map(),
  }
}

/**
 * The address a per-IP limit counts against: the first X-Forwarded-For entry (what a proxy in
 * front would set, and what GoTrue is configured to read), else the loopback address the stack
 * listens on.
 */
export function clientKey(c: Context): string {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1'
}

/** GoTrue's `limitHandler`: 429 `over_request_rate_limit` once the IP's budget is spent. */
export function limitRequests(limiter: RequestLimiter, c: Context): void {
  if (!limiter.take(clientKey(c))) {
    throw authError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }
}
