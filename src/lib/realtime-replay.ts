/** Broadcast Replay's most messages a join may ask for (Realtime's hard limit). */
export const REPLAY_LIMIT = 25

/** The first join replays from this long before the feed was asked for: a phone's clock may run a
 * little ahead of the server's, and a change the lists' first load did not see must not be lost. */
export const REPLAY_MARGIN_MS = 10_000
