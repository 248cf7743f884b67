import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { appUrl } from './support/browser.ts'
import { it } from './support/browser-test.ts'

/**
 * On a slow load the browser may paint index.html's skeleton before its parser reaches the lines
 * below the mark. A gate once saw the mark then move up 98 px when they came, a layout shift on
 * the HCP screen's load. So the mark's place must not depend on what follows it: the page cut
 * after the mark puts it where the whole page does. The app's script is left out of both, so
 * the skeleton stays.
 */
const MARK_ENDS_AT = '<h1 class="brand__name">'

async function markTop(page: Page, html: string): Promise<number> {
  await page.route(
    appUrl('/'),
    (route) => route.fulfill({ contentType: 'text/html', body: html }),
    {
      times: 1,
    },
  )
  await page.goto(appUrl('/'))
  return page.locator('.brand__mark').evaluate((mark) => mark.getBoundingClientRect().top)
}

describe('the first-load skeleton', () => {
  it('puts its mark where it stays while the rest of the page is still to come', async ({
    page,
  }) => {
    const served = await fetch(appUrl('/'))
    const html = (await served.text()).replace(/<script type="module"[^>]*><\/script>/g, '')
    const cut = html.indexOf(MARK_ENDS_AT)
    expect(cut).toBeGreaterThan(0)
    const whole = await markTop(page, html)
    expect(await markTop(page, html.slice(0, cut))).toBe(whole)
  })
})
