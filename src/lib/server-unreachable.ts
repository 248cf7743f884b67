/**
 * Thrown by an api/ function when the request never got an answer from HCPFast's server (no
 * network, the server down, a gateway timeout), as opposed to the server saying no. The screens
 * must never word the first as the golfer's mistake.
 */
export class ServerUnreachableError extends Error {
  override name = 'ServerUnreachableError'
}

export const SERVER_UNREACHABLE = "Can't reach HCPFast. Check your connection and try again."
