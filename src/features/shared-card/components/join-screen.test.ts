import { describe, expect, it } from 'vitest'
import type { CardInvitationPlace } from '../types'
import { describeInvitation } from './join-screen'

const place = (player_no: number, place_name: string, starter_name: string | null = 'Sam') =>
  ({
    course_name: 'Home Links',
    played_on: '2026-11-28',
    starter_name,
    player_no,
    place_name,
    taken: false,
  }) as CardInvitationPlace
const day = (played: string) => `day ${played}`

describe('the join screen’s invitation', () => {
  it('names the starter, the course, the day and the place the link is for', () => {
    expect(describeInvitation([place(2, 'Ben'), place(3, 'Cat')], 3, day)).toBe(
      "Sam's card at Home Links, day 2026-11-28 — join as Cat",
    )
  })

  it('names the card alone for a place it does not keep, and nothing with no places', () => {
    expect(describeInvitation([place(2, 'Ben', null)], 4, day)).toBe(
      'A card at Home Links, day 2026-11-28',
    )
    expect(describeInvitation([], 2, day)).toBeNull()
  })
})
