import { countingRounds, handicapHistory, handicapIndex, scoreDifferential } from './handicap-index'
import { eighteenHoleEntries, type EighteenHoleEntry, type ScoringRound } from './scoring-entries'
import { whsRecord, type WhsRecord, type WhsRoundResult } from './whs-index'

/**
 * The spec's index over a golfer's record as the screens, the export and the courses screen show
 * it: every figure is computed over the 18-hole entries (an 18-hole round, or two nines paired in
 * record order), never over the rounds themselves, so a nine counts only once it has a partner.
 */
export interface RecordRound extends ScoringRound {
  /** YYYY-MM-DD. */
  playedOn: string
}

/** What the record makes of one round. */
export interface RoundScore {
  /** The differential of the entry the round is in (a pair's on both of its nines), or null while
   * a nine waits for another nine. */
  differential: number | null
  /** Whether the index averages the round's entry. */
  counts: boolean
  /** Whether the WHS estimate is made from the round's entry. */
  countsForWhs: boolean
  /** The other nine of its pair, or null (an 18-hole round, or a nine still waiting). */
  pairedWith: string | null
}

export interface ScoredEntry {
  entry: EighteenHoleEntry
  /** The day of the entry's later round. */
  playedOn: string
  differential: number
  /** The index after this entry, or null before the third. */
  indexAfter: number | null
  counts: boolean
  /** The WHS estimate's figures for this entry. */
  whs: WhsRoundResult
}

export interface ScoredRecord {
  index: number | null
  /** The WHS estimate over the entries (its `rounds` are the entries, oldest first). */
  whs: WhsRecord
  /** Oldest first. */
  entries: ScoredEntry[]
  byRound: Map<string, RoundScore>
}

/** The record scored, from its rounds newest first (the rounds list's order). */
export function scoreRecord(newestFirst: readonly RecordRound[]): ScoredRecord {
  const oldestFirst = [...newestFirst].reverse()
  const playedOn = new Map(oldestFirst.map((round) => [round.id, round.playedOn]))
  const entries = eighteenHoleEntries(oldestFirst)
  // countingRounds prefers the earlier of two tied entries in its input: give it newest first, so
  // the more recent one counts, as for rounds.
  const newestEntries = [...entries].reverse()
  const counts = countingRounds(newestEntries).reverse()
  const history = handicapHistory(entries)
  const days = entries.map((entry) => playedOn.get(entry.roundIds.at(-1) as string) as string)
  const whs = whsRecord(entries.map((entry, at) => ({ ...entry, playedOn: days[at] as string })))
  const scored = entries.map((entry, at) => ({
    entry,
    playedOn: days[at] as string,
    differential: scoreDifferential(entry),
    indexAfter: history[at] ?? null,
    counts: counts[at] === true,
    whs: whs.rounds[at] as WhsRoundResult,
  }))
  const byRound = new Map<string, RoundScore>()
  for (const round of oldestFirst) {
    byRound.set(round.id, {
      differential: null,
      counts: false,
      countsForWhs: false,
      pairedWith: null,
    })
  }
  for (const { entry, differential, counts: entryCounts, whs: result } of scored) {
    const [first, second] = entry.roundIds as [string, string | undefined]
    const score = { differential, counts: entryCounts, countsForWhs: result.counts }
    byRound.set(first, { ...score, pairedWith: second ?? null })
    if (second !== undefined) byRound.set(second, { ...score, pairedWith: first })
  }
  return { index: handicapIndex(entries), whs, entries: scored, byRound }
}
