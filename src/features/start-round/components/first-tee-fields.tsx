import { useRef } from 'react'
import { TextField } from '@/components/ui/text-field'
import { GAME_BOUNDS } from '@/lib/tables/games'
import { partnerTee } from '../lib/read-first-tee'
import type { FirstTeeProps } from './figures-table'
import { GameFormatFields } from './game-format-fields'
import { PartnerFields } from './partner-fields'
import '@/styles/first-tee.css'

export function FirstTeeFields<Game, SideGames, Picker>(
  props: FirstTeeProps<Game, SideGames, Picker>,
) {
  const { port, firstTee, storedIndex, golferTee, tees } = props
  const { format, partners, errors } = firstTee
  const partnerTees = tees.filter((tee) => port.game.playableWith(tee, golferTee))
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
              · index {port.handicap.formatIndex(storedIndex)} on the day played
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
          <PartnerFields
            key={draft.key}
            firstTee={firstTee}
            draft={draft}
            at={at}
            teeId={partnerTee(port.game, draft, tees, golferTee).id}
            partnerTees={partnerTees}
            addButton={addButton}
          />
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
      {partners.length > 0 ? <GameFormatFields {...props} /> : null}
    </div>
  )
}
