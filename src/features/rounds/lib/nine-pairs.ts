import type { Round } from '../types'

/** "Front nine", "Back nine", or "Nine" for a 9-hole tee's round: from the round's own `nine`. */
export const nineName = (round: Pick<Round, 'nine'>) =>
  round.nine === 'front' ? 'Front nine' : round.nine === 'back' ? 'Back nine' : 'Nine'

/** One entry of the list: a round, or two nines shown once as the 18-hole round they make. */
export type ListEntry =
  { key: string; round: Round } | { key: string; pair: readonly [Round, Round] }

/**
 * The entries for `shown` (newest first): each paired nine, found with its partner among `all`,
 * makes one entry where the first of the two comes, its front nine first (else the one played
 * first); the other nine is not listed again.
 */
export function listEntries(
  shown: readonly Round[],
  all: readonly Round[],
  marks: Readonly<Record<string, { pairedWithId?: string | null }>>,
): ListEntry[] {
  const byId = new Map(all.map((round) => [round.id, round]))
  const listed = new Set<string>()
  const entries: ListEntry[] = []
  for (const round of shown) {
    if (listed.has(round.id)) continue
    listed.add(round.id)
    const partnerId = marks[round.id]?.pairedWithId
    const partner = partnerId ? byId.get(partnerId) : undefined
    if (!partner) {
      entries.push({ key: round.id, round })
      continue
    }
    listed.add(partner.id)
    // The front nine first when the two are a front and a back; otherwise the one played first.
    const sided = round.nine !== null && partner.nine !== null && round.nine !== partner.nine
    const roundFirst = sided ? round.nine === 'front' : all.indexOf(round) > all.indexOf(partner)
    entries.push({
      key: round.id,
      pair: roundFirst ? [round, partner] : [partner, round],
    })
  }
  return entries
}

/** The pair's 18-hole gross score and its nines' ("90", "44 front + 46 back"): as read, "90 = 44
 * front + 46 back". */
export function pairScore([first, second]: readonly [Round, Round]) {
  const part = (round: Round) => (round.nine ? `${round.score} ${round.nine}` : String(round.score))
  return { total: first.score + second.score, nines: `${part(first)} + ${part(second)}` }
}

/** What each nine of a pair is called in its entry: by its side when one is the front and the
 * other the back, otherwise by the order they were played. */
export function pairNames([first, second]: readonly [Round, Round]): [string, string] {
  return first.nine === 'front' && second.nine === 'back'
    ? ['Front nine', 'Back nine']
    : ['First nine', 'Second nine']
}
