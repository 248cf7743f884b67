import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type {
  CardEntry,
  CardInvitationPlace,
  NewCardPlace,
  NewSharedCard,
  SharedCardState,
} from '../types'

const ENTRY_COLUMNS = 'id, card_id, player_no, hole, strokes, replaces, entered_by'

/** The card, then its places in one request (the places' trigger reads the card). */
export async function createSharedCard(card: NewSharedCard, places: NewCardPlace[]) {
  const started = await supabase.from('cards').insert(card)
  if (started.error) throw new DataError(started.error)
  const placed = await supabase.from('card_players').insert(places)
  if (placed.error) throw new DataError(placed.error)
}

export async function inviteToCard(cardId: string): Promise<string> {
  const { data, error } = await supabase.rpc('invite_to_card', { card_id: cardId })
  if (error) throw new DataError(error)
  return data
}

/** What a code invites to, before joining: the card and each place kept for an invited golfer. */
export async function loadCardInvitation(code: string): Promise<CardInvitationPlace[]> {
  const { data, error } = await supabase.rpc('card_invitation', { code })
  if (error) throw new DataError(error)
  return data
}

export async function joinCard(code: string, playerNo: number): Promise<string> {
  const { data, error } = await supabase.rpc('join_card', { code, player_no: playerNo })
  if (error) throw new DataError(error)
  return data
}

/** The card as the tables hold it: what a phone catches up from after any gap. */
export async function loadSharedCard(cardId: string): Promise<SharedCardState | null> {
  const [card, places, entries] = await Promise.all([
    supabase.from('cards').select('*').eq('id', cardId).maybeSingle(),
    supabase.from('card_players').select('*').eq('card_id', cardId).order('player_no'),
    supabase.from('card_entries').select(ENTRY_COLUMNS).eq('card_id', cardId).order('id'),
  ])
  const failed = card.error ?? places.error ?? entries.error
  if (failed) throw new DataError(failed)
  if (!card.data) return null
  return { card: card.data, places: places.data ?? [], entries: entries.data ?? [] }
}

/** Safe to resend: the database stores an entry's id once and skips an identical resend. */
export async function sendEntry(entry: CardEntry): Promise<void> {
  const { error } = await supabase.from('card_entries').insert({
    id: entry.id,
    card_id: entry.card_id,
    player_no: entry.player_no,
    hole: entry.hole,
    strokes: entry.strokes,
    replaces: entry.replaces,
  })
  if (error) throw new DataError(error)
}

export async function signCard(cardId: string): Promise<string> {
  const { data, error } = await supabase.rpc('sign_card', { card_id: cardId })
  if (error) throw new DataError(error)
  return data
}

export async function attestCard(cardId: string, playerNo: number): Promise<void> {
  const { error } = await supabase.rpc('attest_card', { card_id: cardId, player_no: playerNo })
  if (error) throw new DataError(error)
}
