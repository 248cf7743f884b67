import jsQR from 'jsqr'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect } from 'vitest'
import { adminPool } from '../support/stack.ts'
import {
  appUrl,
  LIVE_TIMEOUT,
  newWatchedPage,
  PHONE_WITH_WORKER,
  serviceWorkerControls,
} from './support/browser.ts'
import { itWithOwnClipboard as it } from './support/browser-test.ts'
import { axeInBothSchemes, targetsUnder48 } from './support/accessibility.ts'
import {
  fillGroupStart,
  golferWith,
  golferWithHoles,
  HOME_INDEXES,
  HOME_PARS,
  openSignedIn,
} from './support/golfer.ts'

/**
 * The shared card (issue 42) on two phones: Sam starts a card with Ben (a golfer, invited by
 * link) and Cat (typed). Ben opens the link signed out, signs in and lands on the join screen.
 * Each scores on their own phone and sees the other's entries; a hole disputed between them is
 * settled by Sam's marker, Ben; Ben scores three holes with no signal (and reloads the tab
 * meanwhile), and both phones catch up;
 * both sign, and each record holds its own round with the card's hole scores, Sam's attested
 * (his rounds list says by Ben; Ben's says nothing of attesting). The join screen names the card.
 * The gross skins chosen on the group card's first tee go on with the shared card: both phones
 * show where they stand from the agreed cells. Ben, leaving the card for HCP, finds it listed
 * there and goes back; Sam's rounds list, left open in another tab, shows Ben's attestation live.
 */
const pool = adminPool()

afterAll(async () => {
  await pool.end()
})

const PARS = HOME_PARS
// Sam a bogey on every hole; Ben par, with a double bogey on hole 4.
const SAM = PARS.map((par) => par + 1)
const BEN = PARS.map((par, at) => (at === 3 ? par + 2 : par))
const OFFLINE_HOLES = [3, 4, 5]

/** Chromium's own messages about requests made while offline are not the app's errors. */
const appProblems = (problems: string[]) =>
  problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|WebSocket|Failed to fetch/.test(problem))

const cell = (page: Page, player: number) => page.getByTestId(`cell-${player}`).textContent()

async function onHole(page: Page, hole: number) {
  const heading = page.getByRole('heading', { level: 1 })
  while ((await heading.textContent()) !== `Hole ${hole}`) {
    await page.getByRole('button', { name: 'Next hole' }).click()
  }
}

/** Types a player's strokes on the hole on screen and waits for the phone to show them. */
async function enter(page: Page, player: number, name: string, strokes: number) {
  await page.getByRole('textbox', { name: `${name}'s strokes` }).fill(String(strokes))
  await page.getByRole('button', { name: `Enter ${name}'s score` }).click()
  await expect.poll(() => cell(page, player)).toBe(String(strokes))
}

/** The QR code as drawn on the page, rasterised by the browser and read back by a decoder. */
async function decodedQr(page: Page, label: string): Promise<string | null> {
  const svg = page.getByRole('img', { name: label })
  await svg.waitFor()
  // Inline in HTML it needs no namespace; as an image of its own it does.
  const markup = (await svg.evaluate((element) => element.outerHTML)).replace(
    '<svg ',
    '<svg xmlns="http://www.w3.org/2000/svg" ',
  )
  const { width, height, pixels } = await page.evaluate(async (drawn) => {
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn)}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.naturalWidth
    canvas.height = image.naturalHeight
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.drawImage(image, 0, 0)
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data
    return { width: canvas.width, height: canvas.height, pixels: Array.from(data) }
  }, markup)
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data ?? null
}

interface StoredRound {
  score: number
  hole_strokes: number[]
}

async function roundOf(userId: string): Promise<StoredRound[]> {
  const { rows } = await pool.query<StoredRound>(
    'select score, hole_strokes from public.rounds where user_id = $1',
    [userId],
  )
  return rows
}

describe('the shared card', () => {
  it('is scored live on two phones, disputed and settled, caught up after an offline spell, signed into each record and attested', async ({
    open,
  }) => {
    const sam = await golferWithHoles(HOME_PARS, HOME_INDEXES)
    const ben = await golferWith()
    const a = await open({
      ...PHONE_WITH_WORKER,
      permissions: ['clipboard-read', 'clipboard-write'],
    })
    const b = await open(PHONE_WITH_WORKER)

    // Sam starts today's group card, then turns it into a shared one.
    await openSignedIn(a.page, sam)
    await serviceWorkerControls(a.page)
    await a.page.getByRole('link', { name: 'HCP' }).click()
    const dialog = await fillGroupStart(
      a.page,
      [
        ['Ben', '10.0'],
        ['Cat', '20.0'],
      ],
      'Stroke play',
      '14.0',
    )
    const games = dialog.getByRole('group', { name: 'Side games' })
    await games.getByRole('checkbox', { name: 'Skins' }).check()
    await games.getByRole('radio', { name: 'Gross' }).check()
    await dialog.getByRole('button', { name: 'Start scoring' }).click()
    await a.page.waitForURL('**/play/*')
    await a.page.getByRole('link', { name: 'Score together on every phone' }).click()
    await a.page.getByRole('textbox', { name: 'Your name on the card' }).fill('Sam')
    await a.page.getByRole('checkbox', { name: 'Invite Ben (has HCPFast)' }).check()
    await a.page.getByRole('button', { name: 'Start the shared card' }).click()
    await a.page.waitForURL(/\/card\/[0-9A-Z]{26}$/)
    const cardId = new URL(a.page.url()).pathname.split('/').at(-1) as string
    // The group's card on the device is gone: finishing it too would store a second round.
    expect(
      await a.page.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith(':card'))),
    ).toBe(false)
    const link = a.page.getByRole('textbox', { name: 'Link for Ben' })
    await expect.poll(() => link.inputValue()).toMatch(/\/join\/[0-9A-Z]{20}\/2$/)
    const joinUrl = await link.inputValue()
    expect(await decodedQr(a.page, "QR code of Ben's link")).toBe(joinUrl)

    // Ben opens the link signed out, logs in, and lands where the link pointed.
    await b.page.goto(joinUrl)
    await b.page.waitForURL(appUrl('/'))
    await b.page.getByLabel('Email').fill(ben.email)
    await b.page.getByLabel('Password', { exact: true }).fill(ben.password)
    await b.page.getByRole('button', { name: 'Log In' }).click()
    await b.page.waitForURL('**/join/**')
    // Before joining, the screen says whose card, where and which place.
    await b.page
      .getByText(/^Sam's card at Home Links, \d{1,2} [A-Z][a-z]{2} \d{4} — join as Ben$/)
      .waitFor()
    expect(await axeInBothSchemes(b.page, 'shared-card-join')).toEqual([])
    await b.page.getByRole('button', { name: 'Join the card' }).click()
    await b.page.waitForURL(`**/card/${cardId}`)
    await b.page.getByRole('heading', { name: 'Hole 1' }).waitFor()
    await serviceWorkerControls(b.page)

    // Hole 1: each phone enters its own golfer; Sam picks up for Cat. Both phones see all three.
    await enter(a.page, 1, 'Sam', SAM[0] as number)
    await a.page.getByRole('button', { name: 'Pick up for Cat' }).click()
    await enter(b.page, 2, 'Ben', BEN[0] as number)
    await expect.poll(() => cell(b.page, 1)).toBe(String(SAM[0]))
    await expect.poll(() => cell(b.page, 3)).toBe('Picked up')
    await expect.poll(() => cell(a.page, 2)).toBe(String(BEN[0]))
    await expect.poll(() => a.page.getByTestId('presence').textContent()).toBe('Ben on 1')
    // Ben's par beats Sam's bogey, Cat picked up: the skin is Ben's on both phones.
    for (const page of [a.page, b.page]) {
      await expect
        .poll(() => page.getByTestId('side-games-now').getByRole('listitem').allTextContents())
        .toEqual(['Skin to Ben on 1'])
    }
    // The link is used: no invitation left to share.
    await expect.poll(() => link.count()).toBe(0)
    expect(await axeInBothSchemes(a.page, 'shared-card-hole')).toEqual([])
    expect(await targetsUnder48(a.page, '.shared-card')).toEqual([])

    // Ben leaves the card for HCP (as after closing the tab): HCP lists it, and takes him back.
    await b.page.goto(appUrl('/hcp'))
    const backToCard = b.page.getByRole('link', {
      name: /^Home Links, \d{1,2} [A-Z][a-z]{2,3} \d{4} Started by Sam · Hole 2$/,
    })
    await backToCard.waitFor()
    expect(await axeInBothSchemes(b.page, 'hcp-open-cards')).toEqual([])
    expect(await targetsUnder48(b.page, '.open-cards')).toEqual([])
    await backToCard.click()
    await b.page.waitForURL(`**/card/${cardId}`)
    await expect.poll(() => cell(b.page, 2)).toBe(String(BEN[0]))

    // Hole 2: Ben, Sam's marker, sees it differently; both phones show the dispute, Ben settles.
    await onHole(a.page, 2)
    await onHole(b.page, 2)
    await enter(a.page, 1, 'Sam', SAM[1] as number)
    await expect.poll(() => cell(b.page, 1)).toBe(String(SAM[1]))
    await b.page
      .getByRole('textbox', { name: "Sam's strokes" })
      .fill(String((SAM[1] as number) + 1))
    await b.page.getByRole('button', { name: "Enter Sam's score" }).click()
    const disputed = `Sam ${SAM[1]} · Ben ${(SAM[1] as number) + 1}`
    await expect.poll(() => cell(a.page, 1)).toBe(disputed)
    await expect.poll(() => cell(b.page, 1)).toBe(disputed)
    await enter(b.page, 2, 'Ben', BEN[1] as number)
    await b.page.getByRole('button', { name: `Settle at ${SAM[1]}` }).click()
    await expect.poll(() => cell(a.page, 1)).toBe(String(SAM[1]))
    await expect.poll(() => cell(b.page, 1)).toBe(String(SAM[1]))

    // Holes 3-5: Ben has no signal; his scores wait on his phone, and Sam scores meanwhile.
    await b.context.setOffline(true)
    for (const hole of OFFLINE_HOLES) {
      await onHole(b.page, hole)
      await enter(b.page, 2, 'Ben', BEN[hole - 1] as number)
      await b.page.getByText('Not shared yet', { exact: true }).waitFor()
      await onHole(a.page, hole)
      await enter(a.page, 1, 'Sam', SAM[hole - 1] as number)
    }
    await b.page.getByText('3 scores not shared yet').waitFor()
    expect(await cell(b.page, 1)).toBe('No score yet')
    // The tab is reloaded with no signal: the card and Ben's waiting scores are still there.
    await b.page.reload()
    await onHole(b.page, 5)
    expect(await cell(b.page, 2)).toBe(String(BEN[4]))
    await b.page.getByText('3 scores not shared yet').waitFor()
    await b.context.setOffline(false)
    // Ben's phone is on hole 5: Sam's score entered there while Ben was away arrives.
    await expect.poll(() => cell(b.page, 1), { timeout: LIVE_TIMEOUT }).toBe(String(SAM[4]))
    await expect.poll(() => b.page.getByText(/not shared yet/).count()).toBe(0)
    await expect.poll(() => cell(a.page, 2), { timeout: LIVE_TIMEOUT }).toBe(String(BEN[4]))

    // The rest of the round, each on their own phone.
    for (let hole = 6; hole <= 18; hole++) {
      await onHole(a.page, hole)
      await enter(a.page, 1, 'Sam', SAM[hole - 1] as number)
      await onHole(b.page, hole)
      await enter(b.page, 2, 'Ben', BEN[hole - 1] as number)
    }

    // The results from the agreed cells, shared (no share sheet here: copied).
    const sum = (strokes: number[]) => strokes.reduce((total, each) => total + each, 0)
    const rows = a.page.getByTestId('shared-results').getByRole('row')
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        'PlayerHolesGrossResult',
        expect.stringMatching(new RegExp(`^Sam18${sum(SAM)}Net \\d+$`)),
        expect.stringMatching(new RegExp(`^Ben18${sum(BEN)}Net \\d+$`)),
        'Cat1PUNo net score (picked up)',
      ])
    await a.page.getByRole('button', { name: 'Share results' }).click()
    await a.page.getByText('Copied', { exact: true }).waitFor()
    expect(await a.page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^Stroke play at Home Links: Sam Net \d+, Ben Net \d+, Cat No net score \(picked up\)$/,
    )
    // Cat has only hole 1: the skins settle on it, Ben's one skin worth a point from each.
    const payments = a.page.getByTestId('side-games-payments').getByRole('listitem')
    expect((await payments.allTextContents()).sort()).toEqual([
      'Cat pays Ben 1 point',
      'Sam pays Ben 1 point',
    ])
    await a.page.getByRole('button', { name: 'Share the settle-up' }).click()
    await expect
      .poll(() => a.page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/^Side games at Home Links, .+\n/)

    // Both sign; Ben, Sam's marker, attests, and Sam's phone says so.
    await b.page.getByRole('button', { name: 'Sign my card' }).click()
    await expect
      .poll(() => b.page.locator('.shared-sign__said').textContent())
      .toBe('Your card is signed: the round is in your record.')
    await a.page.getByRole('button', { name: 'Sign my card' }).click()
    await expect
      .poll(() => a.page.locator('.shared-sign__said').textContent())
      .toBe('Your card is signed: the round is in your record.')
    // Sam's rounds list, open in another tab (another device alike), before Ben attests: its feed
    // may join after the attestation, whose message the first join replays.
    const samsList = await newWatchedPage(a.context)
    await samsList.page.goto(appUrl('/hcp'))
    const samsListed = samsList.page.getByRole('button', {
      name: new RegExp(`^Score ${sum(SAM)}, Home Links, `),
    })
    await samsListed.waitFor()
    expect(await samsListed.getAttribute('aria-label')).not.toMatch(/Attested/)
    await b.page.getByRole('button', { name: "Attest Sam's card" }).click()
    await expect
      .poll(() => a.page.getByText('Sam: Attested by Ben').count(), { timeout: LIVE_TIMEOUT })
      .toBe(1)
    // The list left open says so too, without a reload.
    await expect
      .poll(() => samsListed.getAttribute('aria-label'), { timeout: LIVE_TIMEOUT })
      .toMatch(/, Attested by Ben\b/)
    await samsList.page.getByText('Attested by Ben', { exact: true }).waitFor()
    expect(await axeInBothSchemes(samsList.page, 'hcp-attested-live')).toEqual([])
    expect(samsList.problems).toEqual([])
    expect(await axeInBothSchemes(a.page, 'shared-card-signed')).toEqual([])

    expect(await roundOf(sam.user.id)).toEqual([
      { score: SAM.reduce((sum, strokes) => sum + strokes, 0), hole_strokes: SAM },
    ])
    expect(await roundOf(ben.user.id)).toEqual([
      { score: BEN.reduce((sum, strokes) => sum + strokes, 0), hole_strokes: BEN },
    ])
    const { rows: places } = await pool.query<{ player_no: number; attested: boolean }>(
      `select player_no, attested_at is not null as attested from public.card_players
       where card_id = $1 order by player_no`,
      [cardId],
    )
    expect(places).toEqual([
      { player_no: 1, attested: true },
      { player_no: 2, attested: false },
      { player_no: 3, attested: false },
    ])

    // Each golfer's record: Sam's round says Ben attested it; Ben's, not attested, says nothing.
    await samsList.page.close()
    await a.page.goto(appUrl('/hcp'))
    const samsRound = a.page.getByRole('button', {
      name: new RegExp(`^Score ${sum(SAM)}, Home Links, `),
    })
    await expect.poll(() => samsRound.getAttribute('aria-label')).toMatch(/, Attested by Ben\b/)
    await a.page.getByText('Attested by Ben', { exact: true }).waitFor()
    await b.page.goto(appUrl('/hcp'))
    const bensRound = b.page.getByRole('button', {
      name: new RegExp(`^Score ${sum(BEN)}, Home Links, `),
    })
    await bensRound.waitFor()
    expect(await bensRound.getAttribute('aria-label')).not.toMatch(/Attested/)
    expect(await b.page.getByText(/Attested by/).count()).toBe(0)

    expect(appProblems(a.problems)).toEqual([])
    expect(appProblems(b.problems)).toEqual([])
  })
})
