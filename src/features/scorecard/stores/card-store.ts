import { create } from 'zustand'
import type { HoleScore } from '@/lib/tables/rounds'
import { registerReset } from '@/stores/resets'
import { keptInBounds, readCard, removeCard, writeCard, type Card } from '../lib/card'

/**
 * The card in play, as the scorecard screen shows it. Every change is written to the device
 * (synchronously, see lib/card) before it is shown, so what the golfer sees is what a reopened
 * tab resumes with.
 */
interface CardState {
  userId: string | null
  card: Card | null
  /** False when the device refused the last write (storage full, private mode). */
  kept: boolean
  /** True while a finished card is being handed to the outbox. */
  finishing: boolean
  /** What the last finish did, in words ("Round saved: Diff 14.2, HCP 9.2 → 9.1"), until the
   * next card is opened. */
  saved: string | null
  noteSaved(message: string): void
  load(userId: string): void
  /** Enters (or corrects) a hole's score. */
  enter(at: number, score: HoleScore): void
  /** Shows a hole (0-based), or the summary (the number of holes). */
  goTo(at: number): void
  discard(): void
  /**
   * Hands the card to `save` (which puts its round in the outbox) and removes it only once
   * `save` says the round is on the device: a kill in between leaves the card, which is then
   * dropped on load (see dropIfFinished). Once only, however often it is called.
   */
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
    load: (userId) =>
      set({ userId, card: readCard(userId), kept: true, finishing: false, saved: null }),
    noteSaved: (saved) => set({ saved }),
    enter(at, score) {
      const { card } = get()
      const par = card?.holePars[at]
      if (!card || par === undefined) return
      const scores = card.scores.slice()
      scores[at] = keptInBounds(score, par)
      keep({ ...card, scores })
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
      if (!card || !userId || finishing || card.scores.some((score) => score === null)) {
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
    reset: () => set({ userId: null, card: null, kept: true, finishing: false, saved: null }),
  }
})
registerReset(() => useCardStore.getState().reset())
