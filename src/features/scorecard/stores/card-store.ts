import { create } from 'zustand'
import type { HoleScore } from '@/lib/tables/rounds'
import { registerReset } from '@/stores/resets'
import {
  PICKED_UP,
  golferPickedUp,
  keptInBounds,
  keptStrokes,
  missingHoles,
  readCard,
  removeCard,
  unenteredHole,
  withPickUp,
  writeCard,
  type Card,
  type PartnerScore,
} from '../lib/card'

/** Every change is written to the device before it is shown, so a reopened tab resumes with what
 * the golfer saw. */
interface CardState {
  userId: string | null
  card: Card | null
  /** False when the device refused the last write (storage full, private mode). */
  kept: boolean
  finishing: boolean
  /** "Round saved: Diff 14.2, HCP 9.2 → 9.1", until the next card is opened. */
  saved: string | null
  result: string | null
  noteSaved(message: string, result?: string | null): void
  load(userId: string): void
  enter(at: number, score: HoleScore): void
  /** Scores `strokes` (net double bogey) for the record; on a hole already picked up, takes it
   * back. */
  pickUp(at: number, strokes: number): void
  enterPartner(partner: number, at: number, score: PartnerScore): void
  /** `at` equal to the number of holes shows the summary. */
  goTo(at: number): void
  /** Keeps every unentered hole as shown (its par) and moves on, in one write. */
  next(at: number): void
  discard(): void
  /** Removes the card only once `save` has the round on the device; a kill in between leaves the
   * card for `dropIfFinished`. Runs once however often it is called. */
  finish(save: (card: Card) => Promise<boolean>): Promise<boolean>
  /** A card whose round is already in the outbox or the rounds: it was finished, so it goes. */
  dropIfFinished(isKnownRound: (id: string) => boolean): void
  reset(): void
}

export const useCardStore = create<CardState>()((set, get) => {
  /** Writes first, then shows: the screen never shows what the device does not have. */
  function keep(card: Card) {
    const { userId } = get()
    if (!userId) return
    set({ card, kept: writeCard(userId, card) })
  }
  return {
    userId: null,
    card: null,
    kept: true,
    finishing: false,
    saved: null,
    result: null,
    load: (userId) =>
      set({
        userId,
        card: readCard(userId),
        kept: true,
        finishing: false,
        saved: null,
        result: null,
      }),
    noteSaved: (saved, result = null) => set({ saved, result }),
    enter(at, score) {
      const { card } = get()
      const par = card?.holePars[at]
      if (!card || par === undefined) return
      const scores = card.scores.slice()
      scores[at] = keptInBounds(score, par)
      // New strokes on a hole picked up: the golfer played it out after all.
      const game =
        card.game && golferPickedUp(card, at) && scores[at]?.strokes !== card.scores[at]?.strokes
          ? withPickUp(card.game, card.scores.length, at, false)
          : card.game
      keep({ ...card, scores, game })
    },
    pickUp(at, strokes) {
      const { card } = get()
      const par = card?.holePars[at]
      if (!card?.game || par === undefined) return
      const taken = golferPickedUp(card, at)
      const scores = card.scores.slice()
      scores[at] = keptInBounds(
        { ...(card.scores[at] ?? unenteredHole(par)), strokes: taken ? par : strokes },
        par,
      )
      keep({ ...card, scores, game: withPickUp(card.game, card.scores.length, at, !taken) })
    },
    enterPartner(partner, at, score) {
      const { card } = get()
      const of = card?.game?.partners[partner]
      if (!card?.game || !of || at < 0 || at >= of.scores.length) return
      const scores = of.scores.slice()
      scores[at] = score === null || score === PICKED_UP ? score : keptStrokes(score)
      const partners = card.game.partners.slice()
      partners[partner] = { ...of, scores }
      keep({ ...card, game: { ...card.game, partners } })
    },
    next(at) {
      const { card } = get()
      const par = card?.holePars[at]
      if (!card || par === undefined) return
      const scores = card.scores.slice()
      scores[at] ??= unenteredHole(par)
      const game = card.game && {
        ...card.game,
        partners: card.game.partners.map((partner) => {
          if (partner.scores[at] !== null) return partner
          const scores = partner.scores.slice()
          scores[at] = (partner.holePars ?? card.holePars)[at] ?? par
          return { ...partner, scores }
        }),
      }
      keep({ ...card, scores, game, at: Math.min(at + 1, card.scores.length) })
    },
    goTo(at) {
      const { card } = get()
      if (!card || at < 0 || at > card.scores.length || at === card.at) return
      keep({ ...card, at })
    },
    discard() {
      const { userId } = get()
      if (userId) removeCard(userId)
      set({ card: null, kept: true })
    },
    async finish(save) {
      const { card, userId, finishing } = get()
      if (!card || !userId || finishing || missingHoles(card).length > 0) {
        return false
      }
      set({ finishing: true })
      try {
        const stored = await save(card)
        if (stored && get().card?.id === card.id) {
          removeCard(userId)
          set({ card: null })
        }
        return stored
      } finally {
        set({ finishing: false })
      }
    },
    dropIfFinished(isKnownRound) {
      const { card, userId } = get()
      if (!card || !userId || get().finishing || !isKnownRound(card.id)) return
      removeCard(userId)
      set({ card: null })
    },
    reset: () =>
      set({ userId: null, card: null, kept: true, finishing: false, saved: null, result: null }),
  }
})
registerReset(() => useCardStore.getState().reset())
