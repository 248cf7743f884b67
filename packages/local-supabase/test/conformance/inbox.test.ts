import { describe, expect, it } from 'vitest'
import { newClient, newUser, stackInfo } from '../support.ts'

/**
 * The local inbox as test tools written for `supabase start` use Mailpit: its JSON API (list,
 * read, search, delete) and the page a developer opens, fed by the mails Auth sends.
 */
const stack = stackInfo()

interface Summary {
  ID: string
  To: Array<{ Name: string; Address: string }>
  Subject: string
  Read: boolean
  Snippet: string
}

async function search(query: string): Promise<{ messages_count: number; messages: Summary[] }> {
  const response = await fetch(`${stack.inboxUrl}/api/v1/search?query=${encodeURIComponent(query)}`)
  expect(response.status).toBe(200)
  return (await response.json()) as { messages_count: number; messages: Summary[] }
}

describe('local inbox (Mailpit API)', () => {
  it('lists, shows, searches and deletes the mails Auth sends', async () => {
    const { email } = await newUser('inbox')
    const { error } = await newClient().auth.resetPasswordForEmail(email)
    expect(error).toBeNull()

    const list = await fetch(`${stack.inboxUrl}/api/v1/messages`)
    expect(list.status).toBe(200)
    expect(list.headers.get('content-type')).toMatch(/application\/json/)
    const body = (await list.json()) as Record<string, unknown> & { messages: Summary[] }
    expect(Object.keys(body).sort()).toEqual(
      [
        'count',
        'messages',
        'messages_count',
        'messages_unread',
        'start',
        'tags',
        'total',
        'unread',
      ].sort(),
    )
    const summary = body.messages.find((m) => m.To[0]?.Address === email)
    if (!summary) throw new Error('the recovery mail is not listed')
    expect(summary).toMatchObject({ Subject: 'Reset Your Password', Read: false })
    expect(Object.keys(summary).sort()).toEqual(
      [
        'Attachments',
        'Bcc',
        'Cc',
        'Created',
        'From',
        'ID',
        'MessageID',
        'Read',
        'ReplyTo',
        'Size',
        'Snippet',
        'Subject',
        'Tags',
        'To',
        'Username',
      ].sort(),
    )

    const message = await fetch(`${stack.inboxUrl}/api/v1/message/${summary.ID}`)
    expect(message.status).toBe(200)
    const full = (await message.json()) as Record<string, unknown> & { HTML: string; Text: string }
    expect(full).toMatchObject({ ID: summary.ID, Subject: 'Reset Your Password' })
    expect(full.HTML).toContain(`${stack.apiUrl}/auth/v1/verify?token=`)
    expect(full.HTML).toContain('type=recovery')
    expect(full.Text).toMatch(/\b\d{6}\b/)
    expect(full).not.toHaveProperty('read')

    const found = await search(`to:${email}`)
    expect(found.messages_count).toBe(1)
    expect(found.messages[0]?.Read).toBe(true)

    const page = await fetch(stack.inboxUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(await page.text()).toContain(`/view/${summary.ID}`)
    const view = await fetch(`${stack.inboxUrl}/view/${summary.ID}`)
    expect(view.status).toBe(200)
    expect(await view.text()).toContain('Reset password')

    const deleted = await fetch(`${stack.inboxUrl}/api/v1/messages`, {
      method: 'DELETE',
      body: JSON.stringify({ IDs: [summary.ID] }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(deleted.status).toBe(200)
    expect(await deleted.text()).toBe('ok')
    expect((await search(`to:${email}`)).messages_count).toBe(0)
    expect((await fetch(`${stack.inboxUrl}/api/v1/message/${summary.ID}`)).status).toBe(404)
  })

  it('answers `latest` and refuses an empty search as Mailpit does', async () => {
    const { email } = await newUser('latest')
    await newClient().auth.resetPasswordForEmail(email)
    const latest = (await (await fetch(`${stack.inboxUrl}/api/v1/message/latest`)).json()) as {
      To: Array<{ Address: string }>
    }
    expect(latest.To[0]?.Address).toBe(email)
    const empty = await fetch(`${stack.inboxUrl}/api/v1/search?query=`)
    expect(empty.status).toBe(400)
    expect(await empty.text()).toBe('Error: no search query')
  })
})
