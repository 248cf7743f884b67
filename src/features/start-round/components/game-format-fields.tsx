import { TextField } from '@/components/ui/text-field'
import type { GameFormat } from '@/lib/tables/games'
import { FiguresTable, type FirstTeeProps } from './figures-table'

const FORMATS: readonly { value: GameFormat; label: string }[] = [
  { value: 'stroke', label: 'Stroke play' },
  { value: 'stableford', label: 'Stableford' },
  { value: 'match', label: 'Match play' },
]

/** The format, its allowance and what they make of each player's handicap. */
export function GameFormatFields<Game, SideGames, Picker>(
  props: FirstTeeProps<Game, SideGames, Picker>,
) {
  const { port, firstTee } = props
  const { format, errors } = firstTee
  return (
    <>
      <fieldset className="first-tee__formats">
        <legend className="field__label">Format</legend>
        {FORMATS.map((option) => (
          <label key={option.value} className="first-tee__format">
            <input
              type="radio"
              name="format"
              value={option.value}
              checked={format === option.value}
              onChange={() => firstTee.setFormat(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {format === 'match' ? <p className="field__hint">{port.game.messages.matchPlayers}</p> : null}
      <TextField
        id="allowance"
        label="Allowance (%)"
        hint={`The share of each course handicap played off: ${port.game.defaultAllowance[format]}% for this format by the Rules of Handicapping.`}
        inputMode="numeric"
        autoComplete="off"
        value={firstTee.allowance}
        error={errors.allowance}
        onChange={(event) => firstTee.setAllowance(event.target.value)}
      />
      <FiguresTable {...props} />
    </>
  )
}
