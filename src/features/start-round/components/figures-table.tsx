import type { FirstTee } from '../hooks/use-first-tee'
import { parsePartners } from '../lib/read-first-tee'
import type { GameTee, PlayedHoles } from '@/lib/played-holes'
import type { Figures, StartRoundPort } from '../port'

export interface FirstTeeProps<Game, SideGames, Picker> {
  port: StartRoundPort<Game, SideGames, Picker>
  firstTee: FirstTee
  storedIndex: number | null
  golferTee: GameTee
  tees: readonly GameTee[]
  played: PlayedHoles
}

/** Every player's figures as typed so far; dashes until every field reads. */
export function FiguresTable<Game, SideGames, Picker>({
  port: { game, handicap },
  firstTee,
  storedIndex,
  golferTee,
  tees,
  played,
}: FirstTeeProps<Game, SideGames, Picker>) {
  const allowance = game.parseAllowance(firstTee.allowance)
  const index = storedIndex ?? handicap.parseIndex(firstTee.ownIndex)
  const rules = { ...game, parseIndex: handicap.parseIndex }
  const { setups, errors } = parsePartners(rules, firstTee.partners, tees, golferTee)
  const complete = allowance !== null && index !== null && Object.keys(errors).length === 0
  const figures: Figures[] | null = complete
    ? game.figures(firstTee.format, allowance, { index, tee: golferTee }, setups, played)
    : null
  const names = [
    'You',
    ...firstTee.partners.map((draft, at) => draft.name.trim() || `Partner ${at + 1}`),
  ]
  return (
    <table className="hole-grid__table first-tee__figures" data-testid="first-tee-figures">
      <caption className="hole-grid__caption">On the first tee</caption>
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col">Course handicap</th>
          <th scope="col">Playing handicap</th>
          <th scope="col">Strokes</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name, at) => {
          const figure = figures?.[at]
          return (
            <tr key={at === 0 ? 'you' : firstTee.partners[at - 1]?.key}>
              <th scope="row">
                <span className="first-tee__name">{name}</span>
              </th>
              <td>{figure?.courseHandicap ?? '–'}</td>
              <td>{figure?.playingHandicap ?? '–'}</td>
              <td>{figure?.strokes ?? '–'}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
