import type { ReactNode } from 'react'
import { cardResults, figureText, resultsText } from '../lib/results'
import type { CardEntry, CardPlace, SharedCardRow } from '../types'

/** The card's format from the agreed cells only, and the Share button for it. */
export function CardResults({
  card,
  places,
  entries,
  renderShare,
}: {
  card: SharedCardRow
  places: readonly CardPlace[]
  entries: readonly CardEntry[]
  renderShare(text: string, label: string): ReactNode
}) {
  const results = cardResults(card, places, entries)
  return (
    <section aria-labelledby="shared-results-title">
      <h2 id="shared-results-title">Results</h2>
      <table className="group-table" data-testid="shared-results">
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Holes</th>
            <th scope="col">Gross</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.name}>
              <th scope="row">{result.name}</th>
              <td>{result.played}</td>
              <td>{result.gross ?? <abbr title="Picked up">PU</abbr>}</td>
              <td>{figureText(card.format, result)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {renderShare(resultsText(card, results), 'Share results')}
    </section>
  )
}
