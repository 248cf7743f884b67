import { useState } from 'react'
import { Link } from 'react-router-dom'
import { AccordionAction } from '@/components/ui/accordion'
import { PlusIcon } from '@/components/ui/icons'
import { addRoundOptimistically } from '../stores/round-commands'
import { selectLastUsedCourseId, useRoundsStore } from '../stores/rounds-store'
import type { CourseChoice } from '../types'
import { AddRoundDialog } from './add-round-dialog'

interface AddRoundEntryProps {
  courses: readonly CourseChoice[]
  /** Where the list puts keyboard focus once an entry it held is gone. */
  entryRef(element: HTMLElement | null): void
}

/** The list's first entry: "Add a round...", or with no course yet the way to add one. */
export function AddRoundEntry({ courses, entryRef }: AddRoundEntryProps) {
  const lastCourseId = useRoundsStore(selectLastUsedCourseId)
  const [adding, setAdding] = useState(false)
  if (courses.length === 0) {
    return (
      <Link ref={entryRef} to="/courses" className="accordion__action">
        Add courses first!
      </Link>
    )
  }
  return (
    <AddRoundDialog
      open={adding}
      onOpenChange={setAdding}
      courses={courses}
      initial={{ courseId: lastCourseId }}
      onAdd={(input, course) => void addRoundOptimistically(input, course)}
      trigger={
        <AccordionAction ref={entryRef}>
          <PlusIcon />
          Add a round...
        </AccordionAction>
      }
    />
  )
}
