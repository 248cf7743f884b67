import type { RefObject } from 'react'
import { TextField } from '@/components/ui/text-field'
import type { FirstTee, PartnerDraft } from '../hooks/use-first-tee'
import type { GameTee } from '@/lib/played-holes'

interface PartnerFieldsProps {
  firstTee: FirstTee
  draft: PartnerDraft
  /** 0-based: the partner's place on the card after the golfer. */
  at: number
  /** The tee shown: the chosen one, or the golfer's when that is no longer playable. */
  teeId: string
  partnerTees: readonly GameTee[]
  /** Where focus goes once the partner is removed. */
  addButton: RefObject<HTMLButtonElement | null>
}

export function PartnerFields({
  firstTee,
  draft,
  at,
  teeId,
  partnerTees,
  addButton,
}: PartnerFieldsProps) {
  const { errors } = firstTee
  const change = (values: Partial<Omit<PartnerDraft, 'key'>>) =>
    firstTee.changePartner(draft.key, values)
  return (
    <fieldset className="first-tee__partner">
      <legend>Partner {at + 1}</legend>
      <TextField
        id={`partner-${draft.key}-name`}
        label="Name"
        autoComplete="off"
        value={draft.name}
        error={errors[`${draft.key}-name`]}
        onChange={(event) => change({ name: event.target.value })}
      />
      <TextField
        id={`partner-${draft.key}-index`}
        label="Index"
        hint="54.0 to +10.0, in tenths; a plus index as +1.2."
        inputMode="decimal"
        autoComplete="off"
        value={draft.index}
        error={errors[`${draft.key}-index`]}
        onChange={(event) => change({ index: event.target.value })}
      />
      <div className="field">
        <label className="field__label" htmlFor={`partner-${draft.key}-tee`}>
          Tee
        </label>
        <select
          id={`partner-${draft.key}-tee`}
          className="field__input field__select"
          value={teeId}
          onChange={(event) => change({ teeId: event.target.value })}
        >
          {partnerTees.map((tee) => (
            <option key={tee.id} value={tee.id}>
              {tee.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          firstTee.removePartner(draft.key)
          addButton.current?.focus()
        }}
      >
        Remove {draft.name.trim() || `partner ${at + 1}`}
      </button>
    </fieldset>
  )
}
