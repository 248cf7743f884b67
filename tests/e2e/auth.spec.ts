import type { Page } from 'playwright-core'
import { afterAll, describe, expect } from 'vitest'
import { NOT_NUMBERS } from '../../src/testing/hostile-values.ts'
import { adminPool, newGolfer, uniqueEmail } from '../support/stack.ts'
import { appUrl, DESKTOP, screenshot } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { logIn } from './support/golfer.ts'

const LOGIN_ALERT = 'Error during sign in. Email or password incorrect.'
const REGISTRATION_ALERT =
  'Error registering new user. Please ensure that you are using a valid email. Also ensure your passwords match, are at least 6 characters in length, and use only valid characters.'

describe('login screen', () => {
  it('shows the product name, both fields, the three buttons and the privacy hint', async ({
    page,
  }) => {
    await page.goto(appUrl('/'))
    await expect.poll(() => page.getByRole('heading', { name: 'HCPFast' }).isVisible()).toBe(true)
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email')
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password')
    for (const name of ['Log In', 'Sign up', 'Sign in with Google']) {
      expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true)
    }
    expect(await page.getByText("We'll never share your email with anyone else.").isVisible()).toBe(
      true,
    )
    await screenshot(page, 'login-phone')
    await page.setViewportSize(DESKTOP)
    await screenshot(page, 'login-desktop')
  })

  it('goes to the sign-up screen and back', async ({ page }) => {
    await page.goto(appUrl('/'))
    await page.getByRole('button', { name: 'Sign up', exact: true }).click()
    await page.waitForURL('**/signup')
    await page.getByLabel('Confirm Password').waitFor()
    await screenshot(page, 'signup-phone')
    await page.setViewportSize(DESKTOP)
    await screenshot(page, 'signup-desktop')
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('tells a golfer whose password is wrong, and keeps them on the login screen', async ({
    page,
  }) => {
    const golfer = await newGolfer('wrong-password')
    await page.goto(appUrl('/'))
    await page.getByLabel('Email').fill(golfer.email)
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Error during sign in. Email or password incorrect.')
    expect(new URL(page.url()).pathname).toBe('/')
  })
})

describe('guard', () => {
  for (const route of ['/courses', '/hcp']) {
    it(`logs 'access denied' and sends a signed-out visitor of ${route} to the login screen`, async ({
      page,
    }) => {
      const logged: string[] = []
      page.on('console', (message) => logged.push(message.text()))
      await page.goto(appUrl(route))
      await page.waitForURL((url) => url.pathname === '/')
      await expect.poll(() => logged.some((text) => text.includes('access denied'))).toBe(true)
    })
  }
})

describe('sign-up', () => {
  async function fillSignUp(page: Page, email: string, password: string, confirm: string) {
    await page.goto(appUrl('/signup'))
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm Password').fill(confirm)
    await page.getByRole('button', { name: 'Sign Up' }).click()
  }

  it('asks for matching passwords first', async ({ page }) => {
    await fillSignUp(page, uniqueEmail('mismatch'), 'abc', 'abd')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Passwords must match.')
  })

  it('asks for at least 6 characters', async ({ page }) => {
    await fillSignUp(page, uniqueEmail('short'), 'abc12', 'abc12')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Password must be at least 6 characters in length.')
  })

  it('shows the registration alert when the email is already registered', async ({ page }) => {
    const golfer = await newGolfer('taken')
    await fillSignUp(page, golfer.email, 'another-password', 'another-password')
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(REGISTRATION_ALERT)
  })

  it('registers, logs out, logs back in and stays signed in across a reload', async ({ page }) => {
    const email = uniqueEmail('journey')
    await fillSignUp(page, email, 'fairway-123', 'fairway-123')
    await page.waitForURL('**/courses')
    await expect.poll(() => page.getByRole('heading', { name: 'Courses' }).isVisible()).toBe(true)

    await page.reload()
    await expect.poll(() => page.getByRole('heading', { name: 'Courses' }).isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/courses')

    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto(appUrl('/courses'))
    await page.waitForURL((url) => url.pathname === '/')

    await logIn(page, email, 'fairway-123')
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { name: 'Courses' }).isVisible()).toBe(true)
  })

  it('sends a signed-in golfer who opens the login or sign-up page to their courses', async ({
    page,
  }) => {
    const golfer = await newGolfer('signed-in')
    await logIn(page, golfer.email, golfer.password)
    for (const route of ['/', '/signup']) {
      await page.goto(appUrl(route))
      await page.waitForURL('**/courses')
    }
  })
})

describe('hostile input on the sign-in forms', () => {
  const pool = adminPool()
  afterAll(() => pool.end())

  // Only the emails tried here: other spec files sign golfers up at the same time.
  const usersWithEmails = async (emails: string[]) =>
    Number(
      (
        await pool.query<{ n: string }>(
          'select count(*) as n from auth.users where lower(trim(email)) = any($1::text[])',
          [emails.map((email) => email.trim().toLowerCase())],
        )
      ).rows[0]?.n,
    )

  /**
   * The form mounted again by leaving its screen and coming back in the app, so the next value
   * cannot pass on this one's alert (a reload for each value cost about a second of CPU). Both
   * screens have a "Log In" button, and the old screen stays shown while the next one's code
   * loads, so each step waits for the field only Sign Up has rather than for the URL.
   */
  async function freshForm(page: Page, links: { away: string; back: string }) {
    const screen = new URL(page.url()).pathname
    const confirmation = page.getByLabel('Confirm Password')
    const onSignUp = screen === '/signup'
    await page.getByRole('button', { name: links.away, exact: true }).click()
    await confirmation.waitFor({ state: onSignUp ? 'detached' : 'visible' })
    await page.getByRole('button', { name: links.back, exact: true }).click()
    await confirmation.waitFor({ state: onSignUp ? 'visible' : 'detached' })
    await page.getByLabel('Email').waitFor()
    expect(new URL(page.url()).pathname).toBe(screen)
    expect(await page.getByRole('alert').count()).toBe(0)
  }

  /**
   * The browser refuses the field itself (type="email", required) or the app shows its alert. A
   * value the browser refuses sends nothing and leaves no alert, so the next value is typed into
   * the same form; after the app's alert the form is mounted again first.
   */
  async function expectRefused(
    page: Page,
    label: string,
    { alert, away, back }: { alert: string; away: string; back: string },
  ) {
    const invalidField = await page
      .getByLabel('Email')
      .evaluate((input) => !(input as HTMLInputElement).validity.valid)
    if (invalidField) {
      expect(await page.getByRole('alert').count(), label).toBe(0)
      return
    }
    await expect
      .poll(() => page.getByRole('alert').textContent(), { message: label })
      .toContain(alert)
    await freshForm(page, { away, back })
  }

  it('refuses every hostile email on sign-up, runs no markup and stores no one', async ({
    page,
  }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto(appUrl('/signup'))
    await page.getByLabel('Confirm Password').waitFor()
    for (const [label, value] of NOT_NUMBERS) {
      await page.getByLabel('Email').fill(value)
      await page.getByLabel('Password', { exact: true }).fill('fairway-123')
      await page.getByLabel('Confirm Password').fill('fairway-123')
      await page.getByRole('button', { name: 'Sign Up' }).click()
      await expectRefused(page, label, {
        alert: REGISTRATION_ALERT,
        away: 'Log In',
        back: 'Sign up',
      })
      expect(new URL(page.url()).pathname, label).toBe('/signup')
    }
    expect(await usersWithEmails(NOT_NUMBERS.map(([, value]) => value))).toBe(0)
    expect(dialogs).toEqual([])
  })

  it('refuses every hostile email on the login screen and stays there', async ({ page }) => {
    await page.goto(appUrl('/'))
    await page.getByLabel('Email').waitFor()
    for (const [label, value] of NOT_NUMBERS) {
      await page.getByLabel('Email').fill(value)
      await page.getByLabel('Password', { exact: true }).fill('fairway-123')
      await page.getByRole('button', { name: 'Log In' }).click()
      await expectRefused(page, label, { alert: LOGIN_ALERT, away: 'Sign up', back: 'Log In' })
      expect(new URL(page.url()).pathname, label).toBe('/')
    }
  })

  it('shows the registration alert for a 10,000-character password and stores no one', async ({
    page,
  }) => {
    const email = uniqueEmail('long-password')
    const password = 'p'.repeat(10_000)
    await page.goto(appUrl('/signup'))
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm Password').fill(password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(REGISTRATION_ALERT)
    const { rows } = await pool.query('select 1 from auth.users where email = $1', [email])
    expect(rows).toEqual([])
  })
})
