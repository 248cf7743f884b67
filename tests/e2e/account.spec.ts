import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { newClient, stackInfo, uniqueEmail } from '../support/stack.ts'
import { appUrl, savedDownload } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { golferWith, logIn, openSignedIn } from './support/golfer.ts'

interface InboxSummary {
  messages: { ID: string; To: { Address: string }[]; Subject: string }[]
}

/** The link in the newest mail to `address` in the local inbox (Mailpit's JSON API). */
async function linkMailedTo(address: string, after = new Set<string>()): Promise<string> {
  const inbox = stackInfo().inboxUrl
  let id: string | undefined
  await expect
    .poll(async () => {
      const summary = (await (await fetch(`${inbox}/api/v1/messages`)).json()) as InboxSummary
      id = summary.messages.find(
        (message) =>
          !after.has(message.ID) &&
          message.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()),
      )?.ID
      return id
    })
    .toBeDefined()
  const message = (await (await fetch(`${inbox}/api/v1/message/${id}`)).json()) as {
    Text: string
    HTML: string
  }
  const link = `${message.Text}\n${message.HTML}`.match(
    /https?:\/\/[^\s"'<>]+verify[^\s"'<>]*/,
  )?.[0]
  if (!link) throw new Error(`no link in the mail to ${address}`)
  return link.replaceAll('&amp;', '&')
}

const signsIn = async (email: string, password: string) =>
  (await newClient().auth.signInWithPassword({ email, password })).error === null

async function openAccount(page: Page) {
  await page.getByRole('link', { name: 'Account' }).click()
  await page.waitForURL('**/account')
  await expect
    .poll(() => page.getByRole('heading', { name: 'Account', exact: true }).isVisible())
    .toBe(true)
}

describe('forgot password', () => {
  it('mails a link that sets a new password and signs the golfer in; the link works once', async ({
    page,
    open,
  }) => {
    const golfer = await golferWith()
    await page.goto(appUrl('/'))
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.getByRole('button', { name: 'Send link' }).waitFor()
    const email = page.getByLabel('Email')
    await email.fill(golfer.email)
    // The address is in the field the form sends (not the login screen's, nor lost to a remount)
    // before it is sent: a failure then says what the screen answered, not only that it was slow.
    await expect.poll(() => email.inputValue()).toBe(golfer.email)
    await page.getByRole('button', { name: 'Send link' }).click()
    await expect
      .poll(async () =>
        (await page.getByRole('alert').isVisible())
          ? `alert: ${await page.getByRole('alert').textContent()}`
          : await page.getByRole('status').allTextContents(),
      )
      .toContain('If an account exists for that email, we sent a link.')

    const link = await linkMailedTo(golfer.email)
    await page.goto(link)
    await page.waitForURL('**/auth/reset-password')
    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByLabel('Confirm new password').fill('short')
    await page.getByRole('button', { name: 'Save password' }).click()
    await expect
      .poll(() => page.getByText('Password must be at least 6 characters in length.').isVisible())
      .toBe(true)
    await page.getByRole('button', { name: 'OK' }).click()
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret')
    await page.getByLabel('Confirm new password').fill('a-brand-new-secret')
    await page.getByRole('button', { name: 'Save password' }).click()
    await page.waitForURL('**/courses')
    expect(await signsIn(golfer.email, 'a-brand-new-secret')).toBe(true)
    expect(await signsIn(golfer.email, golfer.password)).toBe(false)

    // The same link again, in a fresh browser: spent, so it says so and offers a new one.
    const { page: again } = await open()
    await again.goto(link)
    await expect
      .poll(() => again.getByRole('link', { name: 'Send me a new link' }).isVisible())
      .toBe(true)
  })
})

describe('account screen', () => {
  it('changes the password after asking for the current one', async ({ page }) => {
    const golfer = await golferWith()
    await openSignedIn(page, golfer)
    await openAccount(page)
    await page.getByLabel('Current password').fill('not-my-password')
    await page.getByLabel('New password', { exact: true }).fill('another-secret')
    await page.getByLabel('Confirm new password').fill('another-secret')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect
      .poll(() => page.getByText('Your current password is not correct.').isVisible())
      .toBe(true)
    await page.getByRole('button', { name: 'OK' }).click()
    await page.getByLabel('Current password').fill(golfer.password)
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect
      .poll(() => page.getByText('Your password has been changed.').isVisible())
      .toBe(true)
    expect(await signsIn(golfer.email, 'another-secret')).toBe(true)
  })

  it('changes the email once the link sent to the new address is opened', async ({ page }) => {
    const golfer = await golferWith()
    const next = uniqueEmail('moved')
    await openSignedIn(page, golfer)
    await openAccount(page)
    expect(await page.getByTestId('account-email').textContent()).toBe(golfer.email)
    await page.getByLabel('New email').fill(next)
    await page.getByRole('button', { name: 'Change email' }).click()
    await expect
      .poll(() =>
        page.getByText(`We sent a confirmation link to ${next}.`, { exact: false }).isVisible(),
      )
      .toBe(true)
    await page.goto(await linkMailedTo(next))
    await page.waitForURL('**/account**')
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(next)
    expect(await signsIn(next, golfer.password)).toBe(true)
  })

  it('exports the rounds, and importing them into a fresh account gives the same index', async ({
    page,
  }) => {
    // Rating 72.0 and slope 113: each differential is score − 72, so 8, 10 and 13; with three
    // rounds the index is the lowest minus 2 = 6.0. The WHS estimate sees the same three (one
    // day: no index in effect, so nothing exceptional) and counts the same lowest one.
    const golfer = await golferWith(
      [{ name: 'Links, "The" 🏌️', rating: 72, slope: 113 }],
      [
        { course: 0, score: 80 },
        { course: 0, score: 82 },
        { course: 0, score: 85 },
      ],
    )
    await openSignedIn(page, golfer)
    await openAccount(page)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download rounds (CSV)' }).click(),
    ])
    const file = await savedDownload(download)
    const csv = await readFile(file, 'utf8')
    expect(
      csv.startsWith(
        '\uFEFFDate played,Course name,Course rating,Slope rating,Score,Tee,Holes,Nine,Par,Adjusted gross,Differential,Counts,Adjusted differential,Exceptional reduction,Counts for WHS,Hole pars,Stroke indexes,Hole strokes,Hole putts,Hole fairways,Hole greens,Hole penalties,Game\r\n',
      ),
    ).toBe(true)
    expect(csv).toContain(
      '"Links, ""The"" 🏌️",72.0,113,85,Default,18,,,85,13.0,no,13.0,0.0,no,,,,,,,,\r\n',
    )
    expect(csv).toContain(
      '"Links, ""The"" 🏌️",72.0,113,80,Default,18,,,80,8.0,yes,8.0,0.0,yes,,,,,,,,\r\n',
    )
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL(appUrl('/'))

    const fresh = await golferWith()
    await logIn(page, fresh.email, fresh.password)
    await openAccount(page)
    await page.getByLabel('CSV file of rounds').setInputFiles(file)
    const preview = page.getByRole('region', { name: 'Import preview' })
    await expect
      .poll(() => preview.textContent())
      .toContain('3 rounds will be added, with 1 new course: Links, "The" 🏌️.')
    await page.getByRole('button', { name: 'Import 3 rounds' }).click()
    await expect
      .poll(() => page.getByText('Imported 3 rounds and 1 new course.').isVisible())
      .toBe(true)

    // The same file again adds nothing.
    await page.getByLabel('CSV file of rounds').setInputFiles(file)
    await expect.poll(() => preview.textContent()).toContain('0 rounds will be added')
    expect(await page.getByRole('button', { name: 'Import 0 rounds' }).isDisabled()).toBe(true)

    await page.getByRole('link', { name: 'HCP' }).click()
    await expect.poll(() => page.getByTestId('handicap-display').textContent()).toContain('6.0')
  })

  it('refuses a hostile file with its reason and stores nothing', async ({ page }) => {
    const golfer = await golferWith()
    await openSignedIn(page, golfer)
    await openAccount(page)
    await page.getByLabel('CSV file of rounds').setInputFiles({
      name: 'evil.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Date played,Course name,Course rating,Slope rating,Score\n2025-01-01,"=HYPERLINK(""http://evil.test"",""x"")",72,113,80\n2999-01-01,Links,72,113,80\n2025-01-01,Links,72,113,999\n',
      ),
    })
    const preview = page.getByRole('region', { name: 'Import preview' })
    await expect.poll(() => preview.textContent()).toContain('3 lines are wrong')
    expect(await preview.textContent()).toContain('Line 3: The date played is in the future')
    expect(await page.getByRole('button', { name: 'Import 0 rounds' }).isDisabled()).toBe(true)
    const { count } = await golfer.client
      .from('rounds')
      .select('id', { count: 'exact', head: true })
    expect(count).toBe(0)
  })

  it('deletes the account after asking for the password, and signs out', async ({ page }) => {
    const golfer = await golferWith(
      [{ name: 'Links', rating: 72, slope: 113 }],
      [{ course: 0, score: 80 }],
    )
    await openSignedIn(page, golfer)
    await openAccount(page)
    await page.getByRole('button', { name: 'Delete account…' }).click()
    await page.getByLabel('Your password').fill(golfer.password)
    await page.getByRole('button', { name: 'Delete my account forever' }).click()
    await page.waitForURL(appUrl('/'))
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true)
    expect(await signsIn(golfer.email, golfer.password)).toBe(false)
  })
})
