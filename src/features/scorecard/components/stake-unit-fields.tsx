import { CURRENCIES } from '../lib/side-games-draft'
import type { SideGamesPickerState } from './side-games-picker'

/** With four players, who plays on the golfer's side. */
export function SidesField({
  picker: { draft, change },
  partnerNames,
}: {
  picker: SideGamesPickerState
  partnerNames: readonly string[]
}) {
  const name = (place: number) => partnerNames[place - 1]?.trim() || `Partner ${place}`
  return (
    <div className="field">
      <label className="field__label" htmlFor="side-games-partner">
        Your partner in the sides
      </label>
      <select
        id="side-games-partner"
        className="field__input field__select"
        value={draft.partner}
        onChange={(event) => change((known) => ({ ...known, partner: Number(event.target.value) }))}
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
  )
}

const UNITS = [
  ['points', 'Points'],
  ['money', 'Money'],
] as const

/** Stakes in points or money, and the money's currency. */
export function StakeUnitFields({ picker: { draft, change } }: { picker: SideGamesPickerState }) {
  const currencies = CURRENCIES.includes(draft.currency)
    ? CURRENCIES
    : [draft.currency, ...CURRENCIES]
  return (
    <fieldset className="side-games__unit">
      <legend className="field__label">Stakes in</legend>
      <div className="side-games__choices">
        {UNITS.map(([unit, label]) => (
          <label key={unit} className="first-tee__format">
            <input
              type="radio"
              name="side-games-unit"
              checked={draft.unit === unit}
              onChange={() => change((known) => ({ ...known, unit }))}
            />
            {label}
          </label>
        ))}
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
            onChange={(event) => change((known) => ({ ...known, currency: event.target.value }))}
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
  )
}
