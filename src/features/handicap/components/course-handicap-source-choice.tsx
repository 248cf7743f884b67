import { useId, useState } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import {
  selectCourseHandicapSource,
  useHandicapSettingsStore,
} from '../stores/handicap-settings-store'
import { chooseCourseHandicapSource } from '../stores/handicap-settings-sync'
import type { CourseHandicapSource } from '../types'

export const SOURCE_NOT_SAVED =
  'Your choice could not be saved, so course handicaps still use the number they used. Try again when you are online.'

const CHOICES: { value: CourseHandicapSource; label: string }[] = [
  { value: 'spec', label: 'HCP (all your rounds)' },
  { value: 'whs', label: 'WHS estimate (latest 20)' },
]

/** Drawn with the default from the start; only its checked radio changes once the golfer's row is
 * known, so nothing moves. */
export function CourseHandicapSourceChoice({ userId }: { userId: string }) {
  const name = useId()
  const source = useHandicapSettingsStore(selectCourseHandicapSource)
  const [alert, setAlert] = useState<string | null>(null)

  async function choose(next: CourseHandicapSource) {
    setAlert(null)
    if (!(await chooseCourseHandicapSource(userId, next))) setAlert(SOURCE_NOT_SAVED)
  }

  return (
    <fieldset className="source-choice">
      <legend className="source-choice__legend">Course handicaps use</legend>
      <div className="source-choice__options">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="source-choice__option">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={source === choice.value}
              onChange={() => void choose(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
    </fieldset>
  )
}
