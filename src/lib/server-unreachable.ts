/** The request got no answer (as opposed to the server saying no): never word it as the golfer's mistake. */
export class ServerUnreachableError extends Error {
  override name = 'ServerUnreachableError'
}

export const SERVER_UNREACHABLE = "Can't reach HCPFast. Check your connection and try again."
