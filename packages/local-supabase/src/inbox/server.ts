import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { escapeHtml } from '../html.ts'
import { fullMessage, matchesSearch, MailStore, summary, type StoredMessage } from './store.ts'

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
}

const addresses = (list: StoredMessage['To']) =>
  list.map((a) => (a.Name ? `${a.Name} <${a.Address}>` : a.Address)).join(', ')

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #ddd; }
iframe { width: 100%; min-height: 24rem; border: 1px solid #ccc; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dt { font-weight: 600; }
</style>
</head>
<body>
${body}
</body>
</html>`
}

function listPage(messages: StoredMessage[]): string {
  const rows = messages
    .map(
      (m) => `<tr>
<td>${escapeHtml(addresses(m.To))}</td>
<td><a href="/view/${encodeURIComponent(m.ID)}">${escapeHtml(m.Subject || '(no subject)')}</a></td>
<td>${escapeHtml(addresses([m.From]))}</td>
<td><time datetime="${escapeHtml(m.Date)}">${escapeHtml(m.Date)}</time></td>
</tr>`,
    )
    .join('\n')
  const table = messages.length
    ? `<table>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">From</th><th scope="col">Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '<p>No messages yet. Mail that Auth sends (password recovery, email change, …) appears here.</p>'
  return page(
    'Local inbox',
    `<h1>Local inbox</h1>
<p>${messages.length} message${messages.length === 1 ? '' : 's'} · <a href="/">Refresh</a></p>
${table}`,
  )
}

function messagePage(message: StoredMessage): string {
  const links = [...message.HTML.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)]
    .map(([, href = '', label = '']) => {
      const text = label.replace(/<[^>]+>/g, '').trim() || href
      return `<li><a href="${href}">${text}</a></li>`
    })
    .join('\n')
  // The mail itself is shown in a sandbox (no scripts, no same origin); its links open the page
  // in place of the inbox, as they would from a mail client.
  const srcdoc = `<base target="_top">${message.HTML}`
  return page(
    message.Subject || 'Message',
    `<p><a href="/">← All messages</a></p>
<h1>${escapeHtml(message.Subject || '(no subject)')}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(addresses([message.From]))}</dd>
<dt>To</dt><dd>${escapeHtml(addresses(message.To))}</dd>
<dt>Date</dt><dd>${escapeHtml(message.Date)}</dd>
</dl>
<iframe title="Message body" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(srcdoc)}"></iframe>
${links ? `<h2>Links in this message</h2>\n<ul>\n${links}\n</ul>` : ''}
<h2>Text</h2>
<pre>${escapeHtml(message.Text)}</pre>`,
  )
}

function startLimit(c: Context): { start: number; limit: number } {
  const start = Number.parseInt(c.req.query('start') ?? '', 10)
  const limit = Number.parseInt(c.req.query('limit') ?? '', 10)
  return {
    start: Number.isFinite(start) && start > 0 ? start : 0,
    limit: Number.isFinite(limit) && limit > -1 ? limit : 50,
  }
}

/** Mailpit's `MessagesSummary` for a page of `matching`. */
function messagesSummary(store: MailStore, matching: StoredMessage[], c: Context) {
  const { start, limit } = startLimit(c)
  const all = store.list()
  return {
    total: all.length,
    unread: store.unread,
    count: all.length,
    messages_count: matching.length,
    messages_unread: matching.filter((m) => !m.read).length,
    start,
    tags: [],
    messages: matching.slice(start, limit === 0 ? undefined : start + limit).map(summary),
  }
}

async function requestedIds(c: Context): Promise<string[]> {
  try {
    const body = (await c.req.json()) as { IDs?: unknown }
    return Array.isArray(body.IDs) ? body.IDs.filter((id) => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** The inbox's HTTP app: a page that lists and shows messages, and Mailpit's JSON API. */
export function inboxApp(store: MailStore): Hono {
  const app = new Hono()
  app.get('/', (c) => c.body(listPage(store.list()), 200, PAGE_HEADERS))
  app.get('/view/:id', (c) => {
    const message = store.get(c.req.param('id'))
    if (!message) return c.text('Not found', 404)
    store.markRead(message.ID)
    return c.body(messagePage(message), 200, PAGE_HEADERS)
  })
  app.get('/livez', (c) => c.text('ok'))
  app.get('/readyz', (c) => c.text('ok'))
  app.get('/api/v1/messages', (c) => c.json(messagesSummary(store, store.list(), c)))
  app.delete('/api/v1/messages', async (c) => {
    store.delete(await requestedIds(c))
    return c.text('ok')
  })
  app.get('/api/v1/message/:id', (c) => {
    const message = store.get(c.req.param('id'))
    if (!message) return c.text('Not found', 404)
    store.markRead(message.ID)
    return c.json(fullMessage(message))
  })
  app.get('/api/v1/search', (c) => {
    const query = (c.req.query('query') ?? '').trim()
    if (!query) return c.text('Error: no search query', 400)
    const matching = store.list().filter((m) => matchesSearch(m, query))
    return c.json(messagesSummary(store, matching, c))
  })
  app.delete('/api/v1/search', (c) => {
    const query = (c.req.query('query') ?? '').trim()
    if (!query) return c.text('Error: no search query', 400)
    store.delete(
      store
        .list()
        .filter((m) => matchesSearch(m, query))
        .map((m) => m.ID),
    )
    return c.text('ok')
  })
  app.notFound((c) => c.text('Not found', 404))
  return app
}

export interface Inbox {
  url: string
  store: MailStore
  stop(): Promise<void>
}

/** Serves the inbox on 127.0.0.1:`port` (0 picks a free port). */
export async function startInbox(store: MailStore, port: number): Promise<Inbox> {
  const app = inboxApp(store)
  const server: Server = createServer(getRequestListener(app.fetch))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port: actual } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${actual}`,
    store,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
