import { useRef, useState } from 'react'
import { TextField } from '@/components/ui/text-field'
import { formatHandicapIndex } from '@/features/handicap/lib/handicap-index'
import { parseStartingIndex } from '@/features/handicap/lib/starting-index'
import { DEFAULT_ALLOWANCE, type GameFormat } from '@/features/scorecard/lib/formats'
import {
  ALLOWANCE_INVALID,
  MATCH_PLAYERS,
  PARTNER_INDEX_INVALID,
  PARTNER_NAME_INVALID,
  firstTeeFigures,
  parseAllowance,
  parsePartnerName,
  playableWith,
  startGame,
  type GameTee,
  type PartnerSetup,
  type PlayedHoles,
} from '@/features/scorecard/lib/first-tee'
import type { CardGame } from '@/features/scorecard/lib/card'
import { GAME_BOUNDS } from '@/lib/tables/games'
import type { RoundTee } from '@/lib/tables/rounds'
import '@/styles/first-tee.css'

export const gameTee = (tee: RoundTee): GameTee | null =>
  tee.holePars && tee.strokeIndexes
    ? { ...tee, holePars: tee.holePars, strokeIndexes: tee.strokeIndexes }
    : null

const FORMATS: readonly { value: GameFormat; label: string }[] = [
  { value: 'stroke', label: 'Stroke play' },
  { value: 'stableford', label: 'Stableford' },
  { value: 'match', label: 'Match play' },
]

interface PartnerDraft {
  key: number
  name: string
  index: string
  teeId: string
}

type FieldErrors = Record<string, string>

/** Keeps what was typed when `read` refuses it. */
export function useFirstTee() {
  const [format, setFormat] = useState<GameFormat>('stroke')
  const [allowance, setAllowance] = useState(String(DEFAULT_ALLOWANCE.stroke))
  const [ownIndex, setOwnIndex] = useState('')
  const [partners, setPartners] = useState<PartnerDraft[]>([])
  const [errors, setErrors] = useState<FieldErrors>({})
  const nextKey = useRef(1)
  return {
    format,
    allowance,
    ownIndex,
    partners,
    errors,
    setFormat(next: GameFormat) {
      setFormat(next)
      // The Appendix C figure of the new format; a golfer who wants another types it after.
      setAllowance(String(DEFAULT_ALLOWANCE[next]))
      setErrors(({ allowance: _allowance, players: _players, ...rest }) => rest)
    },
    setAllowance(text: string) {
      setAllowance(text)
      setErrors(({ allowance: _allowance, ...rest }) => rest)
    },
    setOwnIndex(text: string) {
      setOwnIndex(text)
      setErrors(({ ownIndex: _ownIndex, ...rest }) => rest)
    },
    addPartner(teeId: string): number {
      const key = nextKey.current++
      setPartners((drafts) => [...drafts, { key, name: '', index: '', teeId }])
      return key
    },
    changePartner(key: number, change: Partial<Omit<PartnerDraft, 'key'>>) {
      setPartners((drafts) =>
        drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)),
      )
      const cleared = new Set([...Object.keys(change).map((field) => `${key}-${field}`), 'players'])
      setErrors((known) =>
        Object.fromEntries(Object.entries(known).filter(([field]) => !cleared.has(field))),
      )
    },
    removePartner(key: number) {
      setPartners((drafts) => drafts.filter((draft) => draft.key !== key))
      setErrors(({ players: _players, ...rest }) => rest)
    },
    setErrors,
  }
}

export type FirstTee = ReturnType<typeof useFirstTee>

/** The golfer's own tee when the chosen one is no longer playable with it (as many holes). */
function partnerTee(draft: PartnerDraft, tees: readonly GameTee[], golferTee: GameTee): GameTee {
  const chosen = tees.find((known) => known.id === draft.teeId)
  return chosen && playableWith(chosen, golferTee) ? chosen : golferTee
}

function parsePartners(
  partners: readonly PartnerDraft[],
  tees: readonly GameTee[],
  golferTee: GameTee,
): { setups: PartnerSetup[]; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const setups: PartnerSetup[] = []
  for (const draft of partners) {
    const name = parsePartnerName(draft.name)
    const index = parseStartingIndex(draft.index)
    const tee = partnerTee(draft, tees, golferTee)
    if (name === null) errors[`${draft.key}-name`] = PARTNER_NAME_INVALID
    if (index === null) errors[`${draft.key}-index`] = PARTNER_INDEX_INVALID
    if (name !== null && index !== null) setups.push({ name, index, tee })
  }
  return { setups, errors }
}

/** Null alone: a solo card. `storedIndex` is null while the golfer has no index. */
export function readFirstTee(
  firstTee: FirstTee,
  storedIndex: number | null,
  golferTee: GameTee,
  tees: readonly GameTee[],
  played: PlayedHoles,
): { game: CardGame | null } | { errors: FieldErrors } {
  if (firstTee.partners.length === 0) return { game: null }
  const { setups, errors } = parsePartners(firstTee.partners, tees, golferTee)
  const allowance = parseAllowance(firstTee.allowance)
  if (allowance === null) errors.allowance = ALLOWANCE_INVALID
  const index = storedIndex ?? parseStartingIndex(firstTee.ownIndex)
  if (index === null) errors.ownIndex = PARTNER_INDEX_INVALID
  if (firstTee.format === 'match' && firstTee.partners.length !== 1) errors.players = MATCH_PLAYERS
  if (Object.keys(errors).length > 0 || allowance === null || index === null) return { errors }
  return {
    game: startGame(firstTee.format, allowance, { index, tee: golferTee }, setups, played),
  }
}

interface FirstTeeFieldsProps {
  firstTee: FirstTee
  storedIndex: number | null
  golferTee: GameTee
  tees: readonly GameTee[]
  played: PlayedHoles
}

export function FirstTeeFields({
  firstTee,
  storedIndex,
  golferTee,
  tees,
  played,
}: FirstTeeFieldsProps) {
  const { format, partners, errors } = firstTee
  const partnerTees = tees.filter((tee) => playableWith(tee, golferTee))
  const addButton = useRef<HTMLButtonElement>(null)
  const most = format === 'match' ? 1 : GAME_BOUNDS.partners.max
  const full = partners.length >= most

  function add() {
    const key = firstTee.addPartner(golferTee.id)
    requestAnimationFrame(() => document.getElementById(`partner-${key}-name`)?.focus())
  }

  return (
    <div className="first-tee">
      <fieldset className="first-tee__players">
        <legend className="field__label">Players</legend>
        <p className="first-tee__you">
          You
          {storedIndex === null ? null : (
            <span className="first-tee__own-index">
              {' '}
              · index {formatHandicapIndex(storedIndex)} on the day played
            </span>
          )}
        </p>
        {storedIndex === null && partners.length > 0 ? (
          <TextField
            id="own-index"
            label="Your index for this card"
            hint="You have no index yet: the one your club or federation gave you, for this game's strokes only. Your record counts each hole at most par + 5 until you enter it as your starting index under HCP."
            inputMode="decimal"
            autoComplete="off"
            value={firstTee.ownIndex}
            error={errors.ownIndex}
            onChange={(event) => firstTee.setOwnIndex(event.target.value)}
          />
        ) : null}
        {partners.map((draft, at) => (
          <fieldset key={draft.key} className="first-tee__partner">
            <legend>Partner {at + 1}</legend>
            <TextField
              id={`partner-${draft.key}-name`}
              label="Name"
              autoComplete="off"
              value={draft.name}
              error={errors[`${draft.key}-name`]}
              onChange={(event) => firstTee.changePartner(draft.key, { name: event.target.value })}
            />
            <TextField
              id={`partner-${draft.key}-index`}
              label="Index"
              hint="54.0 to +10.0, in tenths; a plus index as +1.2."
              inputMode="decimal"
              autoComplete="off"
              value={draft.index}
              error={errors[`${draft.key}-index`]}
              onChange={(event) => firstTee.changePartner(draft.key, { index: event.target.value })}
            />
            <div className="field">
              <label className="field__label" htmlFor={`partner-${draft.key}-tee`}>
                Tee
              </label>
              <select
                id={`partner-${draft.key}-tee`}
                className="field__input field__select"
                value={partnerTee(draft, tees, golferTee).id}
                onChange={(event) =>
                  firstTee.changePartner(draft.key, { teeId: event.target.value })
                }
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
        ))}
        {full ? null : (
          <button ref={addButton} type="button" className="button button--secondary" onClick={add}>
            Add a partner
          </button>
        )}
        {errors.players ? (
          <p className="field__error" role="alert">
            {errors.players}
          </p>
        ) : null}
      </fieldset>
      {partners.length > 0 ? (
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
          {format === 'match' ? <p className="field__hint">{MATCH_PLAYERS}</p> : null}
          <TextField
            id="allowance"
            label="Allowance (%)"
            hint={`The share of each course handicap played off: ${DEFAULT_ALLOWANCE[format]}% for this format by the Rules of Handicapping.`}
            inputMode="numeric"
            autoComplete="off"
            value={firstTee.allowance}
            error={errors.allowance}
            onChange={(event) => firstTee.setAllowance(event.target.value)}
          />
          <FiguresTable
            firstTee={firstTee}
            storedIndex={storedIndex}
            golferTee={golferTee}
            tees={tees}
            played={played}
          />
        </>
      ) : null}
    </div>
  )
}

function FiguresTable({ firstTee, storedIndex, golferTee, tees, played }: FirstTeeFieldsProps) {
  const allowance = parseAllowance(firstTee.allowance)
  const index = storedIndex ?? parseStartingIndex(firstTee.ownIndex)
  const { setups, errors } = parsePartners(firstTee.partners, tees, golferTee)
  const complete = allowance !== null && index !== null && Object.keys(errors).length === 0
  const figures = complete
    ? firstTeeFigures(firstTee.format, allowance, { index, tee: golferTee }, setups, played)
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
