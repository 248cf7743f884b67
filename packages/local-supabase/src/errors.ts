/**
 * The one error path of the local stack: a service throws an ApiError carrying the exact status,
 * JSON body and headers its real counterpart (GoTrue or PostgREST) would send; the gateway's error
 * handler writes it out. Anything else becomes a 500 with no stack trace in the body.
 */
export class ApiError extends Error {
  readonly status: number
  readonly body: Record<string, unknown>
  readonly headers: Record<string, string>

  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`)
    this.status = status
    this.body = body
    this.headers = headers
  }
}
