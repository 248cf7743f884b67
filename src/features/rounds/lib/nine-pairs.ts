import type { Round } from '../types'

/** "Front nine", "Back nine", or "Nine" for a 9-hole tee's round: from the round's own `nine`. */
export const nineName = (round: Pick<Round, 'nine'>) =>
  round.nine === 'front' ? 'Front nine' : round.nine === 'back' ? 'Back nine' : 'Nine'

export type ListEntry =
  { key: string; round: Round } | { key: string; pair: readonly [Round, Round] }

/** A paired nine makes one entry where the first of the two comes; the other is not listed. */
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

export function pairScore([first, second]: readonly [Round, Round]) {
  const part = (round: Round) => (round.nine ? `${round.score} ${round.nine}` : String(round.score))
  return { total: first.score + second.score, nines: `${part(first)} + ${part(second)}` }
}

export function pairNames([first, second]: readonly [Round, Round]): [string, string] {
  return first.nine === 'front' && second.nine === 'back'
    ? ['Front nine', 'Back nine']
    : ['First nine', 'Second nine']
}
