import type { BrowserContext, Page } from 'playwright-core'

/** A layout shift as Chromium scores it, with what moved, so a failure says where to look. */
export interface LayoutShift {
  value: number
  moved: string[]
}

/**
 * Records every layout shift of each page load in this context, as Chromium reports it for
 * Cumulative Layout Shift; read them with `layoutShifts(page)`. Call before a page loads the app.
 */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    interface ShiftSource {
      node?: Node | null
      previousRect: DOMRectReadOnly
      currentRect: DOMRectReadOnly
    }
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'a removed node'
      const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40) ?? ''
      return `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''} "${label}"`
    }
    const rect = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}×${height}`
    const shifts: { value: number; moved: string[] }[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        sources: ShiftSource[]
      })[]) {
        shifts.push({
          value: entry.value,
          moved: entry.sources.map(
            (source) =>
              `${describe(source.node)}: ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
          ),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The layout shifts recorded since the page loaded (see recordLayoutShifts). */
export const layoutShifts = (page: Page): Promise<LayoutShift[]> =>
  page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts)
