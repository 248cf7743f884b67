import { useLayoutEffect, type RefObject } from 'react'
import { Link } from 'react-router-dom'

/** Otherwise the page keeps the last hole's scroll, and a golfer would enter strokes without
 * seeing which hole it is. */
export function useTopInView(top: RefObject<HTMLElement | null>, at: number) {
  useLayoutEffect(() => {
    if ((top.current?.getBoundingClientRect().top ?? 0) < 0) window.scrollTo(0, 0)
  }, [top, at])
}

/** The way off the card to the HCP screen; the card stays on the device, resumable from there. */
export function BackToRounds() {
  return (
    <Link to="/hcp" className="scorecard__back">
      Back to your rounds
    </Link>
  )
}
