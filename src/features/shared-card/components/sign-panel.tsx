import { useState } from 'react'
import { DataError } from '@/lib/data-error'
import { attestCard, signCard } from '../api/shared-card-api'
import { blockingHole, blockingText } from '../lib/cells'
import type { CardEntry, CardPlace, SharedCardRow } from '../types'

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1) + '.'

/** Each place's signing state in words: "Signed", "Attested by Ann". */
export function signedText(place: CardPlace, places: readonly CardPlace[]): string | null {
  if (!place.signed_at) return null
  const marker = places.find((candidate) => candidate.player_no === place.marker_no)
  if (place.attested_at) return `Attested by ${marker?.name ?? 'their marker'}`
  return 'Signed, not attested yet'
}

/** Sign my card (blocked with the hole named) and Attest for each signed player this golfer marks. */
export function SignPanel({
  card,
  places,
  entries,
  userId,
  onChanged,
}: {
  card: SharedCardRow
  places: readonly CardPlace[]
  entries: readonly CardEntry[]
  userId: string
  onChanged(): Promise<void>
}) {
  const [said, setSaid] = useState<string | null>(null)
  const mine = places.find((place) => place.user_id === userId)
  const marked = places.filter((place) => {
    const marker = places.find((candidate) => candidate.player_no === place.marker_no)
    return marker?.user_id === userId && place.signed_at && !place.attested_at
  })

  async function act(work: () => Promise<unknown>, done: string) {
    try {
      await work()
      setSaid(done)
      await onChanged()
    } catch (error) {
      setSaid(
        error instanceof DataError && error.refused
          ? sentence(error.message)
          : 'No connection: try again with a signal.',
      )
    }
  }

  function sign() {
    if (!mine) return
    const blocked = blockingHole(entries, mine.player_no, card.holes)
    if (blocked) return setSaid(blockingText(blocked))
    void act(() => signCard(card.id), 'Your card is signed: the round is in your record.')
  }

  return (
    <section className="shared-sign" aria-labelledby="shared-sign-title">
      <h2 id="shared-sign-title">Sign and attest</h2>
      <ul className="shared-sign__list">
        {places.map((place) => (
          <li key={place.player_no}>
            {place.name}:{' '}
            {signedText(place, places) ?? (place.user_id ? 'Not signed' : 'Typed player')}
          </li>
        ))}
      </ul>
      {mine && !mine.signed_at ? (
        <button type="button" className="button button--primary button--wide" onClick={sign}>
          Sign my card
        </button>
      ) : null}
      {marked.map((place) => (
        <button
          key={place.player_no}
          type="button"
          className="button button--secondary button--wide"
          onClick={() =>
            void act(
              () => attestCard(card.id, place.player_no),
              `${place.name}'s card is attested.`,
            )
          }
        >
          Attest {place.name}&apos;s card
        </button>
      ))}
      <p role="status" className="shared-sign__said">
        {said ?? ''}
      </p>
    </section>
  )
}
