import type { ImportLineNote, ImportPlan, ImportSettings } from '../lib/import-plan'

export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`

interface ImportPreviewProps {
  plan: ImportPlan
  disabled: boolean
  onImport(): Promise<void>
}

/** What the file would add, skip and refuse, before anything is stored. */
export function ImportPreview({ plan, disabled, onImport }: ImportPreviewProps) {
  const cards = plan.toAdd.filter((round) => round.holeScores !== null).length
  return (
    <div className="import-preview" aria-label="Import preview" role="region">
      <p>
        {plural(plan.toAdd.length, 'round', 'rounds')} will be added
        {cards > 0 ? ` (${cards.toLocaleString('en')} scored hole by hole)` : ''}
        {plan.newCourses.length > 0
          ? `, with ${plural(plan.newCourses.length, 'new course', 'new courses')}: ${plan.newCourses.map((course) => course.name).join(', ')}`
          : ''}
        .
      </p>
      {plan.tees.length > 0 ? (
        <p>
          {plural(plan.tees.length, 'tee', 'tees')} will be added (
          {plan.tees.filter((tee) => tee.holePars !== null).length.toLocaleString('en')} with hole
          pars): {teesByCourse(plan)}.
        </p>
      ) : null}
      {plan.settings ? <p>{describeSettings(plan.settings)}</p> : null}
      {plan.duplicates.length > 0 ? (
        <NoteList
          lead={`${plural(plan.duplicates.length, 'line adds', 'lines add')} nothing:`}
          name="Lines already imported"
          notes={plan.duplicates}
        />
      ) : null}
      {plan.problems.length > 0 ? (
        <NoteList
          lead={`${plural(plan.problems.length, 'line is', 'lines are')} wrong. Correct ${plan.problems.length === 1 ? 'it' : 'them'} and choose the file again; nothing has been stored.`}
          alert
          name="Lines with problems"
          notes={plan.problems}
        />
      ) : null}
      <button
        type="button"
        className="button button--primary"
        disabled={disabled}
        onClick={() => void onImport()}
      >
        Import {plural(plan.toAdd.length, 'round', 'rounds')}
        {plan.tees.length > 0 ? ` and ${plural(plan.tees.length, 'tee', 'tees')}` : ''}
      </button>
    </div>
  )
}

function NoteList({
  lead,
  alert = false,
  name,
  notes,
}: {
  lead: string
  alert?: boolean
  name: string
  notes: readonly ImportLineNote[]
}) {
  return (
    <>
      <p role={alert ? 'alert' : undefined}>{lead}</p>
      <ul aria-label={name}>
        {notes.map((note) => (
          <li key={noteKey(note)}>
            {where(note)}: {note.reason}
          </li>
        ))}
      </ul>
    </>
  )
}

const noteKey = (note: ImportLineNote) => `${note.at ?? ''}#${note.line}`
const where = (note: ImportLineNote) => note.at ?? `Line ${note.line}`

/** "Old Links: White, Red; New Park: Blue". */
function teesByCourse(plan: ImportPlan): string {
  const names = new Map<string, string[]>()
  for (const tee of plan.tees)
    names.set(tee.courseName, [...(names.get(tee.courseName) ?? []), tee.name])
  return [...names].map(([course, tees]) => `${course}: ${tees.join(', ')}`).join('; ')
}

function describeSettings(settings: ImportSettings): string {
  const parts: string[] = []
  if (settings.courseHandicapSource !== undefined) {
    parts.push(
      `course handicaps from ${settings.courseHandicapSource === 'whs' ? 'the WHS estimate' : 'HCP'}`,
    )
  }
  if (settings.startingIndex !== undefined) {
    const index = settings.startingIndex
    parts.push(
      index === null
        ? 'no starting index'
        : `starting index ${index < 0 ? `+${(-index).toFixed(1)}` : index.toFixed(1)}`,
    )
  }
  return parts.length > 0 ? `Your settings will become: ${parts.join('; ')}.` : ''
}
