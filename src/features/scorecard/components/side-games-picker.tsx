import { useState, type ReactNode } from 'react'
import { TextField } from '@/components/ui/text-field'
import {
  CURRENCIES,
  emptyDraft,
  localeCurrency,
  type DraftGame,
  type DraftProblems,
  type SideGamesDraft,
} from '../lib/side-games-draft'
import '@/styles/side-games.css'

const NO_PROBLEMS: DraftProblems = { stakes: {}, general: [] }

/** The picker's state: the draft as chosen and the problems the last start found in it. */
export function useSideGamesPicker() {
  const [draft, setDraft] = useState<SideGamesDraft>(() =>
    emptyDraft(localeCurrency(typeof navigator === 'undefined' ? undefined : navigator.language)),
  )
  const [problems, setProblems] = useState<DraftProblems>(NO_PROBLEMS)
  return {
    draft,
    problems,
    change(next: (draft: SideGamesDraft) => SideGamesDraft) {
      setDraft(next)
      // What the golfer changes answers the problems shown; the next start checks again.
      setProblems(NO_PROBLEMS)
    },
    setProblems,
  }
}

export type SideGamesPickerState = ReturnType<typeof useSideGamesPicker>

interface SideGamesPickerProps {
  picker: SideGamesPickerState
  /** The partners' names as typed, in card order (place 1 first). */
  partnerNames: readonly string[]
}

/**
 * Side games beside the format (skins, Nassau, four-ball, scramble), each with its stake: one
 * column of large targets, chosen with a thumb. Nothing is checked until the round starts.
 */
export function SideGamesPicker({ picker, partnerNames }: SideGamesPickerProps) {
  const { draft, problems, change } = picker
  const players = partnerNames.length + 1
  const set = <K extends DraftGame>(game: K, values: Partial<SideGamesDraft[K]>) =>
    change((known) => ({ ...known, [game]: { ...known[game], ...values } }))
  const currencies = CURRENCIES.includes(draft.currency)
    ? CURRENCIES
    : [draft.currency, ...CURRENCIES]
  const unitWord = draft.unit === 'points' ? 'points' : draft.currency
  const paired = players === 4 && (draft.nassau.on || draft.fourBall.on)
  const name = (place: number) => partnerNames[place - 1]?.trim() || `Partner ${place}`

  return (
    <fieldset className="side-games" data-testid="side-games-picker">
      <legend className="field__label">Side games</legend>
      <p className="field__hint">
        Played beside the format, each for a stake; HCPFast only keeps the score, no money moves.
      </p>
      {problems.general.length > 0 ? (
        <ul className="side-games__problems field__error" role="alert">
          {problems.general.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}

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

      {paired ? (
        <div className="field">
          <label className="field__label" htmlFor="side-games-partner">
            Your partner in the sides
          </label>
          <select
            id="side-games-partner"
            className="field__input field__select"
            value={draft.partner}
            onChange={(event) =>
              change((known) => ({ ...known, partner: Number(event.target.value) }))
            }
          >
            {[1, 2, 3].map((place) => (
              <option key={place} value={place}>
                {name(place)}
              </option>
            ))}
          </select>
          <p className="field__hint" data-testid="side-games-sides">
            You &amp; {name(draft.partner)} against{' '}
            {[1, 2, 3]
              .filter((place) => place !== draft.partner)
              .map(name)
              .join(' & ')}
          </p>
        </div>
      ) : null}

      {draft.skins.on || draft.nassau.on || draft.fourBall.on ? (
        <fieldset className="side-games__unit">
          <legend className="field__label">Stakes in</legend>
          <div className="side-games__choices">
            <label className="first-tee__format">
              <input
                type="radio"
                name="side-games-unit"
                checked={draft.unit === 'points'}
                onChange={() => change((known) => ({ ...known, unit: 'points' }))}
              />
              Points
            </label>
            <label className="first-tee__format">
              <input
                type="radio"
                name="side-games-unit"
                checked={draft.unit === 'money'}
                onChange={() => change((known) => ({ ...known, unit: 'money' }))}
              />
              Money
            </label>
          </div>
          {draft.unit === 'money' ? (
            <div className="field">
              <label className="field__label" htmlFor="side-games-currency">
                Currency
              </label>
              <select
                id="side-games-currency"
                className="field__input field__select"
                value={draft.currency}
                onChange={(event) =>
                  change((known) => ({ ...known, currency: event.target.value }))
                }
              >
                {currencies.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </fieldset>
  )
}

function GameToggle({
  label,
  on,
  onChange,
  invalid,
  children,
}: {
  label: string
  on: boolean
  onChange(on: boolean): void
  invalid: boolean
  children: ReactNode
}) {
  return (
    <div className="side-games__game" data-on={on}>
      <label className="side-games__check side-games__toggle">
        <input
          type="checkbox"
          checked={on}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {on ? <div className="side-games__settings">{children}</div> : null}
    </div>
  )
}

function Choice<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string
  name: string
  value: V
  options: readonly (readonly [V, string])[]
  onChange(value: V): void
}) {
  return (
    <fieldset className="side-games__choice">
      <legend className="field__label">{legend}</legend>
      <div className="side-games__choices">
        {options.map(([option, text]) => (
          <label key={option} className="first-tee__format">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {text}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function StakeField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  value: string
  error: string | undefined
  onChange(value: string): void
}) {
  return (
    <TextField
      id={id}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
