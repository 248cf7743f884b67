import type { ReactElement } from 'react'
import { Dialog } from '@/components/ui/dialog'
import type { CourseChoice, HoleScore, NineSide, RoundInput } from '../types'
import { RoundForm } from './round-form'

export interface RoundFormValues {
  courseId?: string | null
  teeId?: string | null
  nine?: NineSide | null
  courseRating?: number
  slopeRating?: number
  score?: number
  /** A round scored hole by hole keeps its holes through an edit. */
  holeScores?: HoleScore[] | null
  playedOn?: string
}

interface RoundDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  trigger?: ReactElement
  courses: readonly CourseChoice[]
  initial?: RoundFormValues
}

interface AddRoundDialogProps extends RoundDialogProps {
  onAdd(input: RoundInput, course: CourseChoice): void
}

export function AddRoundDialog({ onAdd, ...props }: AddRoundDialogProps) {
  return <RoundDialog {...props} title="Add Round" submitLabel="Add Round" onSubmit={onAdd} />
}

interface EditRoundDialogProps extends RoundDialogProps {
  onSave(input: RoundInput, course: CourseChoice): void
}

export function EditRoundDialog({ onSave, ...props }: EditRoundDialogProps) {
  return <RoundDialog {...props} title="Edit Round" submitLabel="Save Round" onSubmit={onSave} />
}

function RoundDialog({
  open,
  onOpenChange,
  trigger,
  courses,
  initial,
  title,
  submitLabel,
  onSubmit,
}: RoundDialogProps & {
  title: string
  submitLabel: string
  onSubmit(input: RoundInput, course: CourseChoice): void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={title}>
      <RoundForm
        courses={courses}
        initial={initial}
        submitLabel={submitLabel}
        onSubmit={(input, course) => {
          onSubmit(input, course)
          onOpenChange(false)
        }}
      />
    </Dialog>
  )
}
