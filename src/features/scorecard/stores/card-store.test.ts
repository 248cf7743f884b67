import { describe, expect, it, vi } from 'vitest'
import { readCard, writeCard } from '../lib/card'
import { PICKED_UP } from '../lib/card'
import { aCard, aGameCard, CARD_ID, hole } from '../testing'
import { useCardStore } from './card-store'

const USER = 'golfer-1'
const OTHER = 'golfer-2'

/** What a reopened tab reads: the device, not the store. */
const onDevice = () => readCard(USER)

describe('the card store', () => {
  it('keeps every change on the device before it returns', () => {
    writeCard(USER, aCard())
    const store = useCardStore.getState()
    store.load(USER)
    store.enter(0, hole(5, 2))
    expect(onDevice()?.scores[0]).toEqual(hole(5, 2))
    store.goTo(1)
    expect(onDevice()?.at).toBe(1)
  })

  it('resumes a card where the golfer left it, with every stroke', () => {
    writeCard(USER, aCard())
    useCardStore.getState().load(USER)
    useCardStore.getState().enter(0, hole(6))
    useCardStore.getState().enter(1, hole(5))
    useCardStore.getState().goTo(2)
    useCardStore.getState().reset() // the tab is closed
    useCardStore.getState().load(USER)
    const card = useCardStore.getState().card
    expect(card?.at).toBe(2)
    expect(card?.scores.slice(0, 3)).toEqual([hole(6), hole(5), null])
  })

  it("reads only the golfer's own card", () => {
    writeCard(USER, aCard())
    useCardStore.getState().load(OTHER)
    expect(useCardStore.getState().card).toBeNull()
  })

  it('corrects a hole already entered', () => {
    writeCard(USER, aCard())
    useCardStore.getState().load(USER)
    useCardStore.getState().enter(0, hole(7))
    useCardStore.getState().goTo(3)
    useCardStore.getState().goTo(0)
    useCardStore.getState().enter(0, hole(5))
    expect(onDevice()?.scores[0]?.strokes).toBe(5)
  })

  it('keeps a hole within the bounds the database checks', () => {
    writeCard(USER, aCard())
    useCardStore.getState().load(USER)
    // Hole 12 is a par 3: no fairway; putts at most the strokes; strokes 1 to 20.
    useCardStore.getState().enter(2, { ...hole(2, 4), fairwayHit: true })
    expect(onDevice()?.scores[2]).toEqual({ ...hole(2, 2), fairwayHit: null })
    useCardStore.getState().enter(1, hole(25))
    expect(onDevice()?.scores[1]?.strokes).toBe(20)
    useCardStore.getState().enter(1, hole(0))
    expect(onDevice()?.scores[1]?.strokes).toBe(1)
    // Penalty strokes are fewer than the strokes: 3 of them in 3 strokes is 2.
    useCardStore.getState().enter(1, { ...hole(3), penalties: 3 })
    expect(onDevice()?.scores[1]?.penalties).toBe(2)
  })

  it('finishes once: the card goes only after the round is in the outbox', async () => {
    writeCard(USER, aCard({ scores: Array.from({ length: 9 }, () => hole(4)), at: 9 }))
    useCardStore.getState().load(USER)
    let hold: (stored: boolean) => void = () => undefined
    const save = vi.fn(() => new Promise<boolean>((resolve) => (hold = resolve)))
    const first = useCardStore.getState().finish(save)
    const second = useCardStore.getState().finish(save)
    // Not yet in the outbox: a kill now keeps the card.
    expect(onDevice()?.id).toBe(CARD_ID)
    hold(true)
    expect(await first).toBe(true)
    expect(await second).toBe(false)
    expect(save).toHaveBeenCalledTimes(1)
    expect(onDevice()).toBeNull()
    expect(useCardStore.getState().card).toBeNull()
  })

  it('keeps the card when the round could not be put in the outbox', async () => {
    writeCard(USER, aCard({ scores: Array.from({ length: 9 }, () => hole(4)), at: 9 }))
    useCardStore.getState().load(USER)
    expect(await useCardStore.getState().finish(() => Promise.resolve(false))).toBe(false)
    expect(onDevice()?.scores).toHaveLength(9)
  })

  it('does not finish a card with a hole not entered', async () => {
    writeCard(USER, aCard({ at: 9 }))
    useCardStore.getState().load(USER)
    const save = vi.fn(() => Promise.resolve(true))
    expect(await useCardStore.getState().finish(save)).toBe(false)
    expect(save).not.toHaveBeenCalled()
  })

  it('drops a card whose round is already in the outbox or the rounds', () => {
    writeCard(USER, aCard())
    useCardStore.getState().load(USER)
    useCardStore.getState().dropIfFinished((id) => id === 'another-round')
    expect(onDevice()).not.toBeNull()
    useCardStore.getState().dropIfFinished((id) => id === CARD_ID)
    expect(onDevice()).toBeNull()
    expect(useCardStore.getState().card).toBeNull()
  })

  it('discards the card from the device', () => {
    writeCard(USER, aCard())
    useCardStore.getState().load(USER)
    useCardStore.getState().discard()
    expect(onDevice()).toBeNull()
  })

  it('resumes a card stored before games, as a card scored alone', () => {
    // A card exactly as the version before games kept it: no game field.
    localStorage.setItem(
      `hcpfast:${USER}:card`,
      '{"id":"01JOLDCARD0000000000000000","courseId":"course-1","courseName":"Pebble Beach",' +
        '"teeId":"tee-1","teeName":"Blue","nine":null,"rating":35.4,"slope":118,' +
        '"holePars":[4,4,3,5,4,4,3,4,5],"strokeIndexes":[8,4,18,2,12,16,6,10,14],' +
        '"firstHole":1,"playedOn":"2026-11-20","scores":[{"strokes":5,"putts":2,' +
        '"fairwayHit":true,"greenInRegulation":false,"penalties":null},null,null,null,null,' +
        'null,null,null,null],"at":1}',
    )
    useCardStore.getState().load(USER)
    const card = useCardStore.getState().card
    expect(card?.game).toBeNull()
    expect(card?.at).toBe(1)
    useCardStore.getState().next(1)
    expect(onDevice()?.scores.slice(0, 3)).toEqual([
      { strokes: 5, putts: 2, fairwayHit: true, greenInRegulation: false, penalties: null },
      hole(4),
      null,
    ])
    expect(onDevice()?.at).toBe(2)
  })

  it("keeps each partner's taps on the device before it returns, a pick up too", () => {
    writeCard(USER, aGameCard())
    useCardStore.getState().load(USER)
    useCardStore.getState().enterPartner(0, 0, 6)
    useCardStore.getState().enterPartner(1, 0, PICKED_UP)
    expect(onDevice()?.game?.partners.map((partner) => partner.scores[0])).toEqual([6, PICKED_UP])
    useCardStore.getState().enterPartner(0, 0, 25)
    expect(onDevice()?.game?.partners[0]?.scores[0]).toBe(20)
  })

  it("keeps every player's hole as shown on Next, and every stroke across a reopening", () => {
    writeCard(USER, aGameCard())
    useCardStore.getState().load(USER)
    useCardStore.getState().enterPartner(0, 0, 6)
    useCardStore.getState().next(0)
    useCardStore.getState().reset() // the tab is closed
    useCardStore.getState().load(USER)
    const card = useCardStore.getState().card
    expect(card?.at).toBe(1)
    // Hole 10 is a par 4: you and Ben at par, Ann's 6 kept.
    expect(card?.scores[0]).toEqual(hole(4))
    expect(card?.game?.partners.map((partner) => partner.scores[0])).toEqual([6, 4])
  })

  it("does not finish while a partner's hole has no score", async () => {
    const card = aGameCard({}, { scores: Array.from({ length: 9 }, () => hole(4)), at: 9 })
    writeCard(USER, card)
    useCardStore.getState().load(USER)
    const save = vi.fn(() => Promise.resolve(true))
    expect(await useCardStore.getState().finish(save)).toBe(false)
    expect(save).not.toHaveBeenCalled()
  })
})
