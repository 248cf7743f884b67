import { useState } from 'react'
import {
  emptyDraft,
  localeCurrency,
  type DraftProblems,
  type SideGamesDraft,
} from '../lib/side-games-draft'
import { SideGameToggles } from './side-game-toggles'
import { SidesField, StakeUnitFields } from './stake-unit-fields'
import '@/styles/side-games.css'

const NO_PROBLEMS: DraftProblems = { stakes: {}, general: [] }

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

/** One column of large targets for a thumb; nothing is checked until the round starts. */
export function SideGamesPicker({ picker, partnerNames }: SideGamesPickerProps) {
  const { draft, problems } = picker
  const players = partnerNames.length + 1
  const paired = players === 4 && (draft.nassau.on || draft.fourBall.on)

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

      <SideGameToggles picker={picker} />
      {paired ? <SidesField picker={picker} partnerNames={partnerNames} /> : null}
      {draft.skins.on || draft.nassau.on || draft.fourBall.on ? (
        <StakeUnitFields picker={picker} />
      ) : null}
    </fieldset>
  )
}
