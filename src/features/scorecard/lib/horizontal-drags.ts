/** Under Chromium's own touch slop, so the direction is decided first. */
const DRAG_PX = 10

/** Chromium flings a quick drag even where nothing scrolls sideways, and the next tap only stops
 * the fling; a sideways drag is consumed so a "+" right after a swipe is a click. */
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
