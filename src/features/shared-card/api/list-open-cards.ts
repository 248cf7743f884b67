import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** An open shared card the golfer holds an unsigned place on: the way back to it. */
export interface OpenCard {
  id: string
  courseName: string
  playedOn: string
  holes: number
  /** The starter's name on the card; null once the starter's account is gone. */
  startedBy: string | null
  startedByMe: boolean
  scoredHoles: number
  /** The first of the golfer's holes without a score; null once all are scored. */
  nextHole: number | null
}

/** The newest first; RLS and the view keep it to the caller's own places. */
export async function listOpenCards(): Promise<OpenCard[]> {
  const { data, error } = await supabase
    .from('my_open_cards')
    .select('id, course_name, played_on, holes, started_by, started_by_me, scored_holes, next_hole')
    .order('played_on', { ascending: false })
    .order('created_at', { ascending: false })
  if (error) throw new DataError(error)
  return data.flatMap((row) =>
    row.id && row.course_name && row.played_on && row.holes
      ? [
          {
            id: row.id,
            courseName: row.course_name,
            playedOn: row.played_on,
            holes: row.holes,
            startedBy: row.started_by,
            startedByMe: row.started_by_me ?? false,
            scoredHoles: row.scored_holes ?? 0,
            nextHole: row.next_hole,
          },
        ]
      : [],
  )
}
