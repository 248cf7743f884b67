import type { BrowserContext, Page } from 'playwright-core'

/**
 * Records every layout shift of each page load in this context, as Chromium reports it for
 * Cumulative Layout Shift; read them with `layoutShifts(page)`. Call before a page loads the app.
 */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The layout shifts recorded since the page loaded (see recordLayoutShifts). */
export const layoutShifts = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)
