import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { newGolfer, stackInfo } from '../support/stack.ts'

/**
 * The local stack's own inputs, abused: each gets a clear JSON error with the real service's
 * status, never a crash and never a stack trace; afterwards the stack still serves a normal request.
 */
let golfer: Awaited<ReturnType<typeof newGolfer>>

beforeAll(async () => {
  golfer = await newGolfer('stack-abuse')
})

function rest(path: string, init: RequestInit = {}) {
  const { apiUrl, publishableKey } = stackInfo()
  return fetch(`${apiUrl}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: publishableKey,
      authorization: `Bearer ${golfer.session.access_token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  })
}

async function expectCleanError(response: Response, status: number) {
  expect(response.status).toBe(status)
  const text = await response.text()
  expect(() => JSON.parse(text)).not.toThrow()
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/)
  return JSON.parse(text) as { code?: string; message?: string }
}

describe('REST refuses malformed requests cleanly', () => {
  it('malformed JSON', async () => {
    const body = await expectCleanError(
      await rest('courses', { method: 'POST', body: '{"id": "01' }),
      400,
    )
    expect(body.code).toBe('PGRST102')
  })

  it('a huge body', async () => {
    const response = await rest('courses', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) }),
    })
    expect([400, 413]).toContain(response.status)
    await expectCleanError(response, response.status)
  })

  it('an unknown column', async () => {
    await expectCleanError(await rest('courses?select=password'), 400)
    await expectCleanError(await rest('courses?password=eq.1'), 400)
  })

  it('an unknown operator', async () => {
    const body = await expectCleanError(await rest('courses?name=regex.x'), 400)
    expect(body.code).toBe('PGRST100')
  })

  it('an unknown table', async () => {
    const body = await expectCleanError(await rest('auth_users?select=*'), 404)
    expect(body.code).toBe('PGRST205')
  })

  it('a schema it does not expose', async () => {
    await expectCleanError(await rest('users', { headers: { 'accept-profile': 'auth' } }), 406)
  })

  it('a broken JWT', async () => {
    const body = await expectCleanError(
      await rest('courses', { headers: { authorization: 'Bearer not.a.jwt' } }),
      401,
    )
    expect(body.code).toBe('PGRST301')
  })
})

describe('Auth refuses malformed requests cleanly', () => {
  const auth = (path: string, body: string) =>
    fetch(`${stackInfo().apiUrl}/auth/v1/${path}`, {
      method: 'POST',
      headers: {
        apikey: stackInfo().publishableKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body,
    })

  it('malformed JSON', async () => {
    const body = await expectCleanError(await auth('token?grant_type=password', '{oops'), 400)
    expect(body.code).toBe('bad_json')
  })

  it('a refresh token used twice, after the reuse interval, is refused', async () => {
    // Within the reuse interval GoTrue hands back the active child token; a token that was never
    // issued is simply not found.
    const body = await expectCleanError(
      await auth(
        'token?grant_type=refresh_token',
        JSON.stringify({ refresh_token: 'zzzzzzzzzzzz' }),
      ),
      400,
    )
    expect(body.code).toBe('refresh_token_not_found')
  })
})

describe('Realtime survives garbage', () => {
  it('answers garbage frames and joins outside the publication without crashing', async () => {
    const { apiUrl, publishableKey } = stackInfo()
    const socket = new WebSocket(
      `${apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${publishableKey}&vsn=2.0.0`,
    )
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    const frames: unknown[] = []
    socket.on('message', (data) => frames.push(JSON.parse(String(data))))
    socket.send('not json at all')
    socket.send(JSON.stringify({ an: 'object' }))
    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat']))
    socket.send(
      JSON.stringify([
        '2',
        '2',
        'realtime:outside',
        'phx_join',
        {
          config: {
            postgres_changes: [{ event: '*', schema: 'auth', table: 'users' }],
          },
          access_token: golfer.session.access_token,
        },
      ]),
    )
    socket.send(JSON.stringify([null, '3', 'phoenix', 'heartbeat', {}]))
    const deadline = Date.now() + 10_000
    while (!frames.some((f) => Array.isArray(f) && f[1] === '3') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(frames).toContainEqual([
      null,
      '3',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ])
    const joinOutcome = frames.find(
      (f) => Array.isArray(f) && f[2] === 'realtime:outside' && f[3] === 'system',
    ) as unknown[] | undefined
    if (joinOutcome) expect((joinOutcome[4] as { status: string }).status).toBe('error')
    socket.close()
  })

  afterAll(async () => {
    // Still healthy after all of the above.
    const { data, error } = await golfer.client.from('courses').select('id')
    expect(error).toBeNull()
    expect(Array.isArray(data)).toBe(true)
  })
})
