import type { DraftGame, SideGamesDraft } from '../lib/side-games-draft'
import { Choice, GameToggle, StakeField } from './side-game-fields'
import type { SideGamesPickerState } from './side-games-picker'

/** The games played for a stake (the scramble is not). */
type StakedGame = Exclude<DraftGame, 'scramble'>

/** Each side game, its settings shown once it is on. */
export function SideGameToggles({ picker }: { picker: SideGamesPickerState }) {
  const { draft, problems, change } = picker
  const set = <K extends DraftGame>(game: K, values: Partial<SideGamesDraft[K]>) =>
    change((known) => ({ ...known, [game]: { ...known[game], ...values } }))
  const unitWord = draft.unit === 'points' ? 'points' : draft.currency
  /** A game's switch: on or off in the draft, invalid when a problem names the game. */
  const toggle = (game: DraftGame, named: RegExp) => ({
    on: draft[game].on,
    onChange: (on: boolean) => set(game, { on }),
    invalid: problems.general.some((problem) => named.test(problem)),
  })
  /** A staked game's stake, in the card's unit, with its own problem. */
  const stake = (game: StakedGame, id: string, label: string) => (
    <StakeField
      id={id}
      label={`${label} (${unitWord})`}
      value={draft[game].amount}
      error={problems.stakes[game]}
      onChange={(amount) => set(game, { amount })}
    />
  )
  return (
    <>
      <GameToggle label="Skins" {...toggle('skins', /skin/i)}>
        <Choice
          legend="Skins are counted"
          name="skins-basis"
          value={draft.skins.basis}
          options={[
            ['net', 'Net'],
            ['gross', 'Gross'],
          ]}
          onChange={(basis) => set('skins', { basis })}
        />
        <label className="side-games__check">
          <input
            type="checkbox"
            checked={draft.skins.carryOver}
            onChange={(event) => set('skins', { carryOver: event.target.checked })}
          />
          Tied skins carry over
        </label>
        {stake('skins', 'skins-stake', 'Stake per skin')}
      </GameToggle>
      <GameToggle label="Nassau (front, back, overall)" {...toggle('nassau', /Nassau/)}>
        <Choice
          legend="Presses"
          name="nassau-presses"
          value={draft.nassau.presses ? 'two' : 'none'}
          options={[
            ['two', 'At 2 down'],
            ['none', 'None'],
          ]}
          onChange={(presses) => set('nassau', { presses: presses === 'two' })}
        />
        {stake('nassau', 'nassau-stake', 'Stake per bet')}
        <p className="field__hint">18 holes only; you and one partner, or two sides of two.</p>
      </GameToggle>
      <GameToggle label="Four-ball better ball" {...toggle('fourBall', /four-ball/)}>
        {stake('fourBall', 'four-ball-stake', 'Stake for the match')}
        <p className="field__hint">Two sides of two: 4 players.</p>
      </GameToggle>
      <GameToggle label="Scramble team handicap" {...toggle('scramble', /scramble/i)}>
        <p className="field__hint">
          The team&apos;s handicap for the whole group (2 or 4 players), shown on the card.
        </p>
      </GameToggle>
    </>
  )
}
