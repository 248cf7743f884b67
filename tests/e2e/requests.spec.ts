import type { Page, WebSocketRoute } from 'playwright-core'
import { ulid } from 'ulid'
import { describe, expect } from 'vitest'
import { appUrl, LIVE_TIMEOUT } from './support/browser.ts'
import { it, type OpenPage } from './support/browser-test.ts'
import { golferWith, openSignedIn } from './support/golfer.ts'

/**
 * The golfer's lists are each asked for once when the app loads, and once when Realtime rejoins
 * (a change made while the connection was down is only found by asking again): not once more for
 * each signal of the same join, nor for a token handed to the channel.
 */
const LISTS = ['courses', 'tees', 'rounds', 'handicap_settings'] as const

/** Counts the page's GETs of each list, by the path of the REST request. */
function countListRequests(page: Page) {
  const counts = new Map<string, number>()
  page.on('request', (request) => {
    if (request.method() !== 'GET') return
    const table = /\/rest\/v1\/(\w+)$/.exec(new URL(request.url()).pathname)?.[1]
    if (table) counts.set(table, (counts.get(table) ?? 0) + 1)
  })
  return {
    byList: () => Object.fromEntries(LISTS.map((list) => [list, counts.get(list) ?? 0])),
    reset: () => counts.clear(),
  }
}

/**
 * Passes the page's Realtime socket through, counting the server's acceptance of the page's joins
 * of the golfer's topic (from then on every commit is broadcast to it), and gives the test the
 * page's end of the socket to drop. With `held`, what the page sends waits until `release()`, as
 * on a phone whose socket opens slowly.
 */
async function watchRealtime(page: Page, { held = false } = {}) {
  const waiting: (string | Buffer)[] = []
  let send: ((message: string | Buffer) => void) | null = null
  const watched = {
    topicJoins: 0,
    socket: null as WebSocketRoute | null,
    release() {
      held = false
      for (const message of waiting.splice(0)) send?.(message)
    },
  }
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    watched.socket = socket
    const server = socket.connectToServer()
    const joins = new Set<string>()
    // Phoenix's serializer 2.0.0, as text: [join_ref, ref, topic, event, payload].
    const frame = (message: string | Buffer) =>
      typeof message === 'string'
        ? (JSON.parse(message) as [unknown, string, string, string, { status?: string }])
        : null
    server.onMessage((message) => {
      socket.send(message)
      const [, ref, topic, event, payload] = frame(message) ?? []
      if (event === 'phx_reply' && payload?.status === 'ok' && joins.delete(`${topic} ${ref}`))
        watched.topicJoins++
    })
    send = (message) => {
      server.send(message)
      const [, ref, topic, event] = frame(message) ?? []
      if (event === 'phx_join' && topic?.startsWith('realtime:golfer:'))
        joins.add(`${topic} ${ref}`)
    }
    socket.onMessage((message) => (held ? waiting.push(message) : send?.(message)))
  })
  return watched
}

/**
 * Every list request the page started before now has been seen: the reloads a Realtime message
 * starts are made in the task that handles it, and CDP reports a request before it answers an
 * evaluation made after it.
 */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))

/**
 * A golfer with one round who signed in on this phone, and a new page of theirs, watched and not
 * yet loaded.
 */
async function secondPage(open: OpenPage, realtime: { held?: boolean } = {}) {
  const golfer = await golferWith(
    [{ name: 'Home Links', rating: 70.1, slope: 113, par: 72 }],
    [{ course: 0, score: 85 }],
  )
  const { context, page: signIn } = await open()
  await openSignedIn(signIn, golfer)
  await signIn.close()
  const page = await context.newPage()
  return {
    golfer,
    page,
    requests: countListRequests(page),
    realtime: await watchRealtime(page, realtime),
  }
}

describe('each list asked for once per load', () => {
  it('on a cold load of the HCP screen, and again once when Realtime rejoins', async ({ open }) => {
    const { page, requests, realtime } = await secondPage(open)
    await page.goto(appUrl('/hcp'))
    await page.getByRole('button', { name: /^Score 85, Home Links/ }).waitFor()
    await expect.poll(() => realtime.topicJoins, { timeout: LIVE_TIMEOUT }).toBe(1)
    await settle(page)
    expect(requests.byList()).toEqual({ courses: 1, tees: 1, rounds: 1, handicap_settings: 1 })

    requests.reset()
    await realtime.socket?.close({ code: 1006, reason: 'the phone lost its signal' })
    await expect.poll(() => realtime.topicJoins, { timeout: LIVE_TIMEOUT }).toBe(2)
    await expect
      .poll(() => requests.byList(), { timeout: LIVE_TIMEOUT })
      .toEqual({ courses: 1, tees: 1, rounds: 1, handicap_settings: 1 })
    await settle(page)
    expect(requests.byList()).toEqual({ courses: 1, tees: 1, rounds: 1, handicap_settings: 1 })
  })

  it('replays a change made between the load and the first join, asking for no list again', async ({
    open,
  }) => {
    const { golfer, page, requests, realtime } = await secondPage(open, { held: true })
    // The server's answer, not the device's copy of the list.
    const roundsListed = page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        new URL(response.url()).pathname.endsWith('/rest/v1/rounds'),
    )
    await page.goto(appUrl('/hcp'))
    await roundsListed
    const { error } = await golfer.client
      .from('rounds')
      .insert({ id: ulid(), course_id: golfer.courseIds[0] as string, score: 91 } as never)
    if (error) throw new Error(error.message)

    realtime.release()
    await page
      .getByRole('button', { name: /^Score 91, Home Links/ })
      .waitFor({ timeout: LIVE_TIMEOUT })
    expect(realtime.topicJoins).toBe(1)
    await settle(page)
    expect(requests.byList()).toEqual({ courses: 1, tees: 1, rounds: 1, handicap_settings: 1 })
  })
})
