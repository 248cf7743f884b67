import type { NineSide, RoundTee } from '@/lib/tables/rounds'

/** The holes played of a tee: a nine of an 18-hole tee, or all of them. */
export function playedRange(tee: RoundTee | undefined, nine: NineSide | null): [number, number] {
  if (nine === 'front') return [0, 9]
  if (nine === 'back') return [9, 18]
  return [0, tee?.holes ?? 18]
}
