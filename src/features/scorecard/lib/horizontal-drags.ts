/** How far a touch moves before it is a drag, its direction then decided (Chromium's slop ~15). */
const DRAG_PX = 10

/**
 * Claims the element's horizontal touch drags for the swipe. Chromium turns a quick drag into a
 * fling even where nothing can scroll sideways, and the next touch only stops that fling: the first
 * tap after a swipe was not a click, so a "+" right after a swipe was lost. A drag that starts
 * sideways has its moves and its end consumed, so the browser never scrolls or flings it; an
 * upright drag stays the page's scroll.
 */
export function claimHorizontalDrags(element: HTMLElement): () => void {
  let from: { x: number; y: number } | null = null
  let sideways: boolean | null = null
  const start = (event: TouchEvent) => {
    const touch = event.touches.length === 1 ? event.touches[0] : undefined
    from = touch ? { x: touch.clientX, y: touch.clientY } : null
    sideways = null
  }
  const move = (event: TouchEvent) => {
    const touch = event.touches[0]
    if (!from || !touch) return
    if (sideways === null) {
      const dx = Math.abs(touch.clientX - from.x)
      const dy = Math.abs(touch.clientY - from.y)
      if (Math.max(dx, dy) < DRAG_PX) return
      sideways = dx > dy
    }
    if (sideways && event.cancelable) event.preventDefault()
  }
  const end = (event: TouchEvent) => {
    if (sideways && event.cancelable) event.preventDefault()
    from = null
    sideways = null
  }
  element.addEventListener('touchstart', start, { passive: true })
  element.addEventListener('touchmove', move, { passive: false })
  element.addEventListener('touchend', end, { passive: false })
  element.addEventListener('touchcancel', end)
  return () => {
    element.removeEventListener('touchstart', start)
    element.removeEventListener('touchmove', move)
    element.removeEventListener('touchend', end)
    element.removeEventListener('touchcancel', end)
  }
}
