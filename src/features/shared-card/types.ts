import type { Database } from '@/lib/database.types'

type Tables = Database['public']['Tables']
type Functions = Database['public']['Functions']

export type SharedCardRow = Tables['cards']['Row']
export type CardPlace = Tables['card_players']['Row']
export type NewCardPlace = Tables['card_players']['Insert']
export type NewSharedCard = Tables['cards']['Insert'] & { id: string }

/** One score as entered on a phone: strokes null is a pick-up. */
export interface CardEntry {
  id: string
  card_id: string
  player_no: number
  hole: number
  strokes: number | null
  replaces: string[]
  /** Null until the database has it (the phone that made it knows it is its golfer's). */
  entered_by: string | null
}

export interface SharedCardState {
  card: SharedCardRow
  places: CardPlace[]
  entries: CardEntry[]
}

/** Who is on the card right now, and on which hole (Realtime Presence). */
export interface CardPresence {
  userId: string
  name: string
  hole: number
}

export type CardInvitationPlace = Functions['card_invitation']['Returns'][number]
