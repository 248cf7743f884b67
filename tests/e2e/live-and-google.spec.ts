import type { Page } from 'playwright-core'
import { monotonicFactory } from 'ulid'
import { describe, expect } from 'vitest'
import { appUrl, PHONE, DESKTOP, LIVE_TIMEOUT, screenshot } from './support/browser.ts'
import { it, type OpenPage } from './support/browser-test.ts'
import { addCourse, golferWith, openSignedIn } from './support/golfer.ts'
import { watchRealtimeFrames } from './support/realtime-frames.ts'
import { uniqueEmail } from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

const GOOGLE_ALERT = 'Error during Google sign in. Try again later or sign up with email.'

describe('live data', () => {
  it("shows one device's changes on the golfer's other device without a reload", async ({
    open,
  }) => {
    const golfer = await golferWith()
    const { page: onPhone, problems: phoneProblems } = await open({ viewport: PHONE })
    const { page: onLaptop, problems: laptopProblems } = await open({ viewport: DESKTOP })
    const laptopFeed = watchRealtimeFrames(onLaptop)
    await openSignedIn(onPhone, golfer)
    await openSignedIn(onLaptop, golfer)

    await addCourse(onPhone, 'St Andrews', '73.1', '132')
    await expect
      .poll(() => onLaptop.getByRole('button', { name: 'St Andrews' }).isVisible(), {
        timeout: LIVE_TIMEOUT,
      })
      .toBe(true)

    await onLaptop.getByRole('link', { name: 'HCP' }).click()
    await onPhone.getByRole('link', { name: 'HCP' }).click()
    for (const score of ['80', '85', '90']) {
      await onPhone.getByRole('button', { name: 'Add a round...' }).click()
      const roundDialog = onPhone.getByRole('dialog', { name: 'Add Round' })
      await roundDialog.getByLabel('Gross Score').fill(score)
      await roundDialog.getByRole('button', { name: 'Add Round' }).click()
      await expect.poll(() => roundDialog.isVisible()).toBe(false)
    }
    // 73.1 and 132: 113 / 132 × (80 − 73.1) = 5.906… → 5.9, (85 − 73.1) → 10.187… → 10.2 and
    // (90 − 73.1) → 14.467… → 14.5; three rounds give the lowest − 2.0 = 3.9.
    await expect
      .poll(() => onLaptop.getByTestId('handicap-display').textContent(), {
        timeout: LIVE_TIMEOUT,
      })
      .toContain('3.9')

    await onLaptop.getByRole('button', { name: /80.*St Andrews/ }).click()
    await onLaptop.getByRole('button', { name: 'Delete Round' }).click()
    // Deleting asks once more.
    await onLaptop
      .getByRole('dialog', { name: 'Delete this round?' })
      .getByRole('button', { name: 'Delete the round' })
      .click()
    await expect
      .poll(() => onPhone.getByTestId('handicap-display').textContent(), {
        timeout: LIVE_TIMEOUT,
      })
      .toContain('Input Rounds Below')
    expect([...phoneProblems, ...laptopProblems]).toEqual([])

    // The laptop heard all of it on the golfer's private topic, broadcast by the database, on one
    // channel and with no Postgres Changes.
    const topic = `realtime:golfer:${golfer.user.id}`
    expect([...new Set(laptopFeed.joins.map((join) => join.topic))]).toEqual([topic])
    expect(laptopFeed.joins[0]?.config).toMatchObject({ private: true, postgres_changes: [] })
    expect(laptopFeed.received).toContainEqual({ topic, event: 'INSERT' })
  })

  it("never shows a golfer another golfer's courses or rounds", async ({ open }) => {
    const first = await golferWith(
      [{ name: 'Private Club', rating: 70.0, slope: 120 }],
      [{ course: 0, score: 90 }],
    )
    const second = await golferWith()
    const { page } = await open()
    await openSignedIn(page, second)
    // The first golfer writes while the second is watching; then the second writes their own
    // course, and once that is on screen every earlier change has been through the feed.
    const { error } = await first.client
      .from('courses')
      .insert({ id: ulid(), name: 'Another Private Club', rating: 71.0, slope: 121 })
    expect(error).toBeNull()
    await addCourse(page, 'Public Park', '66.0', '100')
    await expect
      .poll(() => page.getByRole('button', { name: 'Public Park' }).isVisible())
      .toBe(true)
    expect(await page.getByText('Private Club').count()).toBe(0)
    await page.getByRole('link', { name: 'HCP' }).click()
    await expect.poll(() => page.getByText('Add a round...').isVisible()).toBe(true)
    expect(await page.getByText('Private Club').count()).toBe(0)
  })
})

describe('Google sign-in', () => {
  async function openLogin(open: OpenPage): Promise<Page> {
    const { page } = await open()
    await page.goto(appUrl('/'))
    return page
  }

  it('signs in through the popup and closes it', async ({ open }) => {
    const page = await openLogin(open)
    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    const popup = await popupOpened
    await popup.waitForLoadState()
    await screenshot(popup, 'google-stand-in-phone')
    await popup.getByLabel(/email/i).fill(uniqueEmail('google'))
    await popup.getByLabel(/name/i).fill('Popup Golfer')
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: /continue/i }).click()
    await closed
    await page.waitForURL('**/courses')
  })

  it('shows the Google alert when the golfer cancels in the popup', async ({ open }) => {
    const page = await openLogin(open)
    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    const popup = await popupOpened
    await popup.waitForLoadState()
    await popup.getByRole('button', { name: /cancel/i }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(GOOGLE_ALERT)
    expect(new URL(page.url()).pathname).toBe('/')
  })

  it('falls back to a full-page redirect when the popup is blocked', async ({ open }) => {
    const page = await openLogin(open)
    await page.evaluate(() => {
      window.open = () => null
    })
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    await page.waitForURL(/\/auth\/v1\/authorize/)
    await page.getByLabel(/email/i).fill(uniqueEmail('redirect'))
    await page.getByLabel(/name/i).fill('Redirect Golfer')
    await page.getByRole('button', { name: /continue/i }).click()
    await page.waitForURL('**/courses')
  })
})
