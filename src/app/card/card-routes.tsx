import { useEffect, useMemo, useState } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router-dom'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { formatPlayedOn } from '@/features/rounds/lib/played-on'
import { ShareResult } from '@/features/scorecard/components/share-result'
import { SettleUpOf, SideGamesNow } from '@/features/scorecard/components/side-games-standings'
import type { Card } from '@/features/scorecard/lib/card'
import { useCardStore } from '@/features/scorecard/stores/card-store'
import { CardScreen } from '@/features/shared-card/components/card-screen'
import { JoinScreen } from '@/features/shared-card/components/join-screen'
import {
  StartSharedCard,
  type GroupCard,
} from '@/features/shared-card/components/start-shared-card'
import type { CardEntry, CardPlace, SharedCardRow } from '@/features/shared-card/types'
import { forgetReturn } from '../return-after-sign-in'
import { sharedCardSideGames } from './shared-card-side-games'

const renderShare = (text: string, label: string) => <ShareResult text={text} label={label} />

/** The shared card's side games on the group card's standings and settle-up. */
function SharedCardSideGames(props: {
  card: SharedCardRow
  places: CardPlace[]
  entries: CardEntry[]
}) {
  const { card, places, entries } = props
  const standings = useMemo(
    () => sharedCardSideGames(card, places, entries, navigator.language),
    [card, places, entries],
  )
  if (!standings) return null
  return (
    <>
      <SideGamesNow standings={standings} />
      <SettleUpOf standings={standings} courseName={card.course_name} playedOn={card.played_on} />
    </>
  )
}
const renderSideGames = (card: SharedCardRow, places: CardPlace[], entries: CardEntry[]) => (
  <SharedCardSideGames card={card} places={places} entries={entries} />
)

/** Today's group card as the shared card's first tee: the golfer, then each partner. */
export function groupOfCard(card: Card & { game: NonNullable<Card['game']> }): GroupCard {
  const { game } = card
  return {
    courseName: card.courseName,
    playedOn: card.playedOn,
    rating: card.rating,
    slope: card.slope,
    format: game.format,
    allowancePercent: game.allowancePercent,
    ...(game.sideGames ? { sideGames: game.sideGames } : {}),
    players: [
      {
        name: 'You',
        index: game.index,
        teeName: card.teeName,
        holePars: card.holePars,
        strokeIndexes: card.strokeIndexes,
        playingHandicap: game.playingHandicap,
        strokes: game.strokes,
      },
      ...game.partners.map((partner) => ({
        name: partner.name,
        index: partner.index,
        teeName: partner.teeName,
        holePars: partner.holePars ?? card.holePars,
        strokeIndexes: partner.strokeIndexes ?? card.strokeIndexes,
        playingHandicap: partner.playingHandicap,
        strokes: partner.strokes,
      })),
    ],
  }
}

export function NewSharedCardScreen() {
  const user = useSessionStore((state) => state.user)
  const card = useCardStore((state) => state.card)
  const [started, setStarted] = useState<string | null>(null)
  if (started) return <Navigate to={`/card/${started}`} replace />
  if (!user || !card?.game) return <Navigate to="/hcp" replace />
  return (
    <StartSharedCard
      group={groupOfCard({ ...card, game: card.game })}
      userId={user.id}
      defaultName={(user.email ?? 'Me').split('@')[0]?.slice(0, 60) || 'Me'}
      onStarted={(id) => {
        setStarted(id)
        // The group's card goes on as the shared one: kept, it would be finished into a second round.
        useCardStore.getState().discard()
      }}
    />
  )
}

export function SharedCardScreen() {
  const { cardId = '' } = useParams()
  const userId = useSessionStore((state) => state.user?.id)
  if (!userId) return null
  return (
    <CardScreen
      userId={userId}
      cardId={cardId}
      renderShare={renderShare}
      renderSideGames={renderSideGames}
    />
  )
}

export function JoinCardScreen() {
  const { code = '', place = '' } = useParams()
  const navigate = useNavigate()
  useEffect(forgetReturn, [])
  return (
    <JoinScreen
      code={code}
      playerNo={Number(place)}
      formatDay={formatPlayedOn}
      onJoined={(id) => navigate(`/card/${id}`, { replace: true })}
    />
  )
}
