import { useState } from 'react'
import { Dialog, DialogCancel, openDialog } from '@/components/ui/dialog'
import { publishCourse } from '../api/publish-course'
import { withdrawCourse } from '../api/withdraw-course'
import { directoryFailure } from '../lib/directory'
import { notePublished, useDirectoryStore } from '../stores/directory-store'
import type { Course } from '../types'

/** Each asked first with what is shared: the name, the tees and their hole data, never rounds. */
export function PublishCourseControl({ course }: { course: Course }) {
  const entryId = useDirectoryStore((state) => state.published?.[course.id] ?? null)
  const known = useDirectoryStore((state) => state.published !== null)
  const [asking, setAsking] = useState<'publish' | 'withdraw' | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState('')

  async function confirm() {
    const action = asking
    if (!action) return
    setBusy(true)
    setFailure(null)
    try {
      if (action === 'publish') {
        notePublished(course.id, await publishCourse(course.id))
        setNotice(`${course.name} is in the directory.`)
      } else if (entryId) {
        await withdrawCourse(entryId)
        notePublished(course.id, null)
        setNotice(`${course.name} is no longer in the directory.`)
      }
      setAsking(null)
    } catch (error) {
      setFailure(directoryFailure(error, action))
    } finally {
      setBusy(false)
    }
  }

  function open(action: 'publish' | 'withdraw') {
    setFailure(null)
    setNotice('')
    openDialog(() => setAsking(action))
  }

  return (
    <>
      <div className="detail__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Publish ${course.name} to the directory`}
          disabled={!known}
          onClick={() => open('publish')}
        >
          Publish
        </button>
        {entryId ? (
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Withdraw ${course.name} from the directory`}
            onClick={() => open('withdraw')}
          >
            Withdraw
          </button>
        ) : null}
      </div>
      <p className="field__hint" role="status">
        {notice}
      </p>
      {asking ? (
        <Dialog
          open
          onOpenChange={(isOpen) => {
            if (!isOpen && !busy) setAsking(null)
          }}
          title={
            asking === 'publish'
              ? `Publish ${course.name} to the directory?`
              : `Withdraw ${course.name}?`
          }
          description={
            asking === 'publish'
              ? `Every golfer signed in to HCPFast can then find it and copy it: its name, and each tee's rating, slope, par, holes and hole data. Your rounds and scores are not shared.${entryId ? ' This replaces what you published before.' : ''}`
              : 'Golfers will no longer find it. Copies they have made stay theirs.'
          }
        >
          {failure ? (
            <p className="alert" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="form__actions">
            <DialogCancel />
            <button
              type="button"
              className={asking === 'publish' ? 'button button--primary' : 'button button--danger'}
              disabled={busy}
              onClick={() => void confirm()}
            >
              {asking === 'publish'
                ? busy
                  ? 'Publishing…'
                  : 'Publish'
                : busy
                  ? 'Withdrawing…'
                  : 'Withdraw'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  )
}
