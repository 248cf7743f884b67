import { useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react'
import { TextField } from '@/components/ui/text-field'
import { useOutboxStore } from '@/stores/outbox'
import { copyDirectoryCourse } from '../api/copy-directory-course'
import { searchDirectory } from '../api/search-directory'
import { DIRECTORY_NEEDS_NETWORK, directoryFailure, type DirectoryEntry } from '../lib/directory'
import { reloadCourses } from '../stores/courses-table'
import { loadPublishedCourses, withoutKey } from '../stores/directory-store'
import { reloadTees } from '../stores/tees-table'
import { DirectoryResults } from './directory-results'
import '../directory.css'

const subscribeToOnline = (changed: () => void) => {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}

/** The outbox's `reachable` alone stays false after the network returns until it next sends. */
function useServerReachable(): boolean {
  const unreachable = useOutboxStore((state) => !state.reachable && state.entries.length > 0)
  const online = useSyncExternalStore(subscribeToOnline, () => navigator.onLine)
  return online && !unreachable
}

/** Needs the network; the golfer's own list does not. */
export function FindCourse({ userId }: { userId: string }) {
  const reachable = useServerReachable()
  const headingId = useId()
  const [query, setQuery] = useState('')
  const [searched, setSearched] = useState<string | null>(null)
  const [results, setResults] = useState<DirectoryEntry[] | null>(null)
  const [searching, setSearching] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [copies, setCopies] = useState<Record<string, 'adding' | 'added'>>({})
  const [notice, setNotice] = useState('')

  useEffect(() => {
    void loadPublishedCourses(userId)
  }, [userId])

  async function search(event: FormEvent) {
    event.preventDefault()
    setSearching(true)
    setFailure(null)
    try {
      setResults(await searchDirectory(query))
      setSearched(query.trim())
    } catch (error) {
      setFailure(directoryFailure(error, 'search'))
    } finally {
      setSearching(false)
    }
  }

  async function copy(entry: DirectoryEntry) {
    setCopies((state) => ({ ...state, [entry.id]: 'adding' }))
    setFailure(null)
    setNotice('')
    try {
      await copyDirectoryCourse(entry.id)
      setCopies((state) => ({ ...state, [entry.id]: 'added' }))
      setNotice(`${entry.name} is now in your courses.`)
      // Realtime brings the new rows too; a reload brings them even when it is down.
      reloadCourses()
      reloadTees()
    } catch (error) {
      setCopies((state) => withoutKey(state, entry.id))
      setFailure(directoryFailure(error, 'copy'))
    }
  }

  return (
    <section className="directory" aria-labelledby={headingId}>
      <h2 id={headingId} className="directory__title">
        Find a course
      </h2>
      <p className="field__hint">
        Courses golfers published from their cards, with their tees and holes. Add one to your
        courses in one tap.
      </p>
      {reachable ? (
        <form role="search" className="directory__search" onSubmit={(event) => void search(event)}>
          <TextField
            label="Course name"
            type="search"
            name="directory-query"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={100}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={searching}>
            {searching ? 'Searching…' : 'Search'}
          </button>
        </form>
      ) : (
        <p className="directory__offline" role="status">
          {DIRECTORY_NEEDS_NETWORK}
        </p>
      )}
      {failure ? (
        <p className="alert" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="directory__notice" role="status">
        {notice}
      </p>
      {results ? (
        <DirectoryResults
          results={results}
          searched={searched}
          copies={copies}
          canCopy={reachable}
          onCopy={(entry) => void copy(entry)}
        />
      ) : null}
    </section>
  )
}
