import { ConfirmActions, Dialog } from '@/components/ui/dialog'
import { roundsKeptMessage } from '../lib/course-messages'
import type { Course } from '../types'

interface DeleteCourseDialogProps {
  course: Course
  roundCount: number
  onOpenChange(open: boolean): void
  onDelete(): void
}

export function DeleteCourseDialog({
  course,
  roundCount,
  onOpenChange,
  onDelete,
}: DeleteCourseDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Delete ${course.name}?`}
      description={roundsKeptMessage(roundCount)}
    >
      <ConfirmActions
        cancelLabel="Cancel"
        confirmLabel="Delete the course"
        onConfirm={() => {
          onOpenChange(false)
          onDelete()
        }}
      />
    </Dialog>
  )
}
