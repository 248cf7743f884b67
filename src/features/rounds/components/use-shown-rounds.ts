import { useEffect, useRef, useState } from 'react'
import type { PendingChange } from '@/lib/records'
import type { Round } from '../types'

/** The ones the index is made from; a phone draws them at once however long the record. */
export const ROUNDS_SHOWN_AT_FIRST = 20

/** The rounds the list draws: the latest, any the golfer has touched, and all once asked for. */
export function useShownRounds(
  allRounds: readonly Round[],
  pending: Readonly<Record<string, PendingChange>>,
) {
  const [showAll, setShowAll] = useState(false)
  const focusOnShow = useRef<string | null>(null)
  // A round the golfer adds or edits stays in view wherever its date puts it, so it never seems to
  // vanish.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const newlyTouched = Object.keys(pending).filter((id) => !touched.has(id))
  if (newlyTouched.length > 0) setTouched(new Set([...touched, ...newlyTouched]))
  const rounds = showAll
    ? allRounds
    : allRounds.filter((round, at) => at < ROUNDS_SHOWN_AT_FIRST || touched.has(round.id))
  const notShown = allRounds.length - rounds.length

  useEffect(() => {
    const id = focusOnShow.current
    if (!showAll || !id) return
    focusOnShow.current = null
    document.querySelector<HTMLElement>(`[data-entry="${id}"]`)?.focus()
  }, [showAll])

  function showOlderRounds() {
    // Focus goes to the first entry that was not shown, where the button was.
    focusOnShow.current = allRounds.find((round) => !rounds.includes(round))?.id ?? null
    setShowAll(true)
  }

  return { rounds, notShown, showOlderRounds }
}
