import type { DraftGame, SideGamesDraft } from '../lib/side-games-draft'
import { Choice, GameToggle, StakeField } from './side-game-fields'
import type { SideGamesPickerState } from './side-games-picker'

/** Each side game, its settings shown once it is on. */
export function SideGameToggles({ picker }: { picker: SideGamesPickerState }) {
  const { draft, problems, change } = picker
  const set = <K extends DraftGame>(game: K, values: Partial<SideGamesDraft[K]>) =>
    change((known) => ({ ...known, [game]: { ...known[game], ...values } }))
  const unitWord = draft.unit === 'points' ? 'points' : draft.currency
  return (
    <>
      <GameToggle
        label="Skins"
        on={draft.skins.on}
        onChange={(on) => set('skins', { on })}
        invalid={problems.general.some((problem) => /skin/i.test(problem))}
      >
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
        <StakeField
          id="skins-stake"
          label={`Stake per skin (${unitWord})`}
          value={draft.skins.amount}
          error={problems.stakes.skins}
          onChange={(amount) => set('skins', { amount })}
        />
      </GameToggle>
      <GameToggle
        label="Nassau (front, back, overall)"
        on={draft.nassau.on}
        onChange={(on) => set('nassau', { on })}
        invalid={problems.general.some((problem) => /Nassau/.test(problem))}
      >
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
        <StakeField
          id="nassau-stake"
          label={`Stake per bet (${unitWord})`}
          value={draft.nassau.amount}
          error={problems.stakes.nassau}
          onChange={(amount) => set('nassau', { amount })}
        />
        <p className="field__hint">18 holes only; you and one partner, or two sides of two.</p>
      </GameToggle>
      <GameToggle
        label="Four-ball better ball"
        on={draft.fourBall.on}
        onChange={(on) => set('fourBall', { on })}
        invalid={problems.general.some((problem) => /four-ball/.test(problem))}
      >
        <StakeField
          id="four-ball-stake"
          label={`Stake for the match (${unitWord})`}
          value={draft.fourBall.amount}
          error={problems.stakes.fourBall}
          onChange={(amount) => set('fourBall', { amount })}
        />
        <p className="field__hint">Two sides of two: 4 players.</p>
      </GameToggle>
      <GameToggle
        label="Scramble team handicap"
        on={draft.scramble.on}
        onChange={(on) => set('scramble', { on })}
        invalid={problems.general.some((problem) => /scramble/i.test(problem))}
      >
        <p className="field__hint">
          The team&apos;s handicap for the whole group (2 or 4 players), shown on the card.
        </p>
      </GameToggle>
    </>
  )
}
