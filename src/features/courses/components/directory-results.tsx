import { describeTee } from '../lib/course-tees'
import type { DirectoryEntry, DirectoryTee } from '../lib/directory'

const copyVerb = (state: 'adding' | 'added' | undefined) =>
  state === 'added' ? 'Added' : state === 'adding' ? 'Adding' : 'Add'

const teeLine = (tee: DirectoryTee) =>
  `${tee.name}: ${describeTee(tee)}${tee.hasHoles ? ', with each hole' : ''}`

interface DirectoryResultsProps {
  results: readonly DirectoryEntry[]
  /** The words searched for; null for the directory's first page. */
  searched: string | null
  copies: Readonly<Record<string, 'adding' | 'added'>>
  /** False without the server: a copy is made there. */
  canCopy: boolean
  onCopy(entry: DirectoryEntry): void
}

/** The courses a search found, each with its tees and a button that copies it. */
export function DirectoryResults({
  results,
  searched,
  copies,
  canCopy,
  onCopy,
}: DirectoryResultsProps) {
  if (results.length === 0) {
    return (
      <p className="field__hint">
        {searched
          ? `No course in the directory has “${searched}” in its name.`
          : 'The directory is empty.'}
      </p>
    )
  }
  return (
    <ul className="directory__results" aria-label="Courses found">
      {results.map((entry) => (
        <li key={entry.id} className="directory__entry" data-testid="directory-entry">
          <p className="directory__name">
            {entry.name}
            {entry.isExample ? <span className="directory__example">Example</span> : null}
          </p>
          <ul className="directory__tees">
            {entry.tees.map((tee) => (
              <li key={tee.name + teeLine(tee)} className="detail">
                {teeLine(tee)}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--secondary"
            disabled={copies[entry.id] !== undefined || !canCopy}
            onClick={() => onCopy(entry)}
          >
            {copyVerb(copies[entry.id])}
            <span className="visually-hidden">{` ${entry.name}`}</span>
            {' to my courses'}
          </button>
        </li>
      ))}
    </ul>
  )
}
