import type { RoundTee } from '@/lib/tables/rounds'
import type { FieldErrors, FirstTee, PartnerDraft } from '../hooks/use-first-tee'
import type { GameTee, PlayedHoles } from '@/lib/played-holes'
import type { GamePort, PartnerSetup } from '../port'

type Rules = Pick<
  GamePort<unknown, unknown, unknown>,
  'messages' | 'parsePartnerName' | 'parseAllowance' | 'playableWith'
> & { parseIndex(text: string): number | null }

export const gameTee = (tee: RoundTee): GameTee | null =>
  tee.holePars && tee.strokeIndexes
    ? { ...tee, holePars: tee.holePars, strokeIndexes: tee.strokeIndexes }
    : null

/** The golfer's own tee when the chosen one is no longer playable with it (as many holes). */
export function partnerTee(
  rules: Pick<Rules, 'playableWith'>,
  draft: PartnerDraft,
  tees: readonly GameTee[],
  golferTee: GameTee,
): GameTee {
  const chosen = tees.find((known) => known.id === draft.teeId)
  return chosen && rules.playableWith(chosen, golferTee) ? chosen : golferTee
}

export function parsePartners(
  rules: Rules,
  partners: readonly PartnerDraft[],
  tees: readonly GameTee[],
  golferTee: GameTee,
): { setups: PartnerSetup[]; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const setups: PartnerSetup[] = []
  for (const draft of partners) {
    const name = rules.parsePartnerName(draft.name)
    const index = rules.parseIndex(draft.index)
    const tee = partnerTee(rules, draft, tees, golferTee)
    if (name === null) errors[`${draft.key}-name`] = rules.messages.partnerName
    if (index === null) errors[`${draft.key}-index`] = rules.messages.partnerIndex
    if (name !== null && index !== null) setups.push({ name, index, tee })
  }
  return { setups, errors }
}

/** Null alone: a solo card. `storedIndex` is null while the golfer has no index. */
export function readFirstTee<Game>(
  rules: Rules & Pick<GamePort<Game, unknown, unknown>, 'start'>,
  firstTee: FirstTee,
  storedIndex: number | null,
  golferTee: GameTee,
  tees: readonly GameTee[],
  played: PlayedHoles,
): { game: Game | null } | { errors: FieldErrors } {
  if (firstTee.partners.length === 0) return { game: null }
  const { setups, errors } = parsePartners(rules, firstTee.partners, tees, golferTee)
  const allowance = rules.parseAllowance(firstTee.allowance)
  if (allowance === null) errors.allowance = rules.messages.allowance
  const index = storedIndex ?? rules.parseIndex(firstTee.ownIndex)
  if (index === null) errors.ownIndex = rules.messages.partnerIndex
  if (firstTee.format === 'match' && firstTee.partners.length !== 1) {
    errors.players = rules.messages.matchPlayers
  }
  if (Object.keys(errors).length > 0 || allowance === null || index === null) return { errors }
  return {
    game: rules.start(firstTee.format, allowance, { index, tee: golferTee }, setups, played),
  }
}
