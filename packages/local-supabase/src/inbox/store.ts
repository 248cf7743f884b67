import { randomBytes } from 'node:crypto'

/** An address as Mailpit's JSON writes it (Go's net/mail.Address). */
export interface Address {
  Name: string
  Address: string
}

export interface OutgoingMail {
  from: Address
  to: Address[]
  subject: string
  html: string
}

/** A stored message in Mailpit's `Message` shape (GET /api/v1/message/{ID}). */
export interface StoredMessage {
  ID: string
  MessageID: string
  From: Address
  To: Address[]
  Cc: Address[]
  Bcc: Address[]
  ReplyTo: Address[]
  ReturnPath: string
  Subject: string
  ListUnsubscribe: { Header: string; Links: string[]; Errors: string; HeaderPost: string }
  Date: string
  Tags: string[]
  Username: string
  Text: string
  HTML: string
  Size: number
  Inline: never[]
  Attachments: never[]
  read: boolean
}

/** Mailpit's `MessageSummary` (one entry of GET /api/v1/messages). */
export type MessageSummary = Omit<
  StoredMessage,
  'ReturnPath' | 'ListUnsubscribe' | 'Date' | 'Text' | 'HTML' | 'Inline' | 'Attachments' | 'read'
> & { Read: boolean; Created: string; Attachments: number; Snippet: string }

/** Mailpit's IDs are 22-character base62 strings. */
function newId(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
  return Array.from(randomBytes(22), (byte) => alphabet[byte % 62]).join('')
}

/** The plain-text part a mailer derives from HTML: tags dropped, entities decoded, blank lines squeezed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ( $1 )')
    .replace(/<br\s*\/?>|<\/(p|h\d|div|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim()
}

/** The local inbox: every mail Auth sends, newest first, kept in memory for the stack's life. */
export class MailStore {
  private messages: StoredMessage[] = []
  /** Mailpit keeps 500 messages by default (MP_MAX_MESSAGES). */
  constructor(private readonly maxMessages = 500) {}

  add(mail: OutgoingMail): StoredMessage {
    const id = newId()
    const text = htmlToText(mail.html)
    const message: StoredMessage = {
      ID: id,
      MessageID: `${id}@mailpit`,
      From: mail.from,
      To: mail.to,
      Cc: [],
      Bcc: [],
      ReplyTo: [],
      ReturnPath: mail.from.Address,
      Subject: mail.subject,
      ListUnsubscribe: { Header: '', Links: [], Errors: '', HeaderPost: '' },
      Date: new Date().toISOString(),
      Tags: [],
      Username: '',
      Text: text,
      HTML: mail.html,
      Size: Buffer.byteLength(mail.html) + Buffer.byteLength(text) + 512,
      Inline: [],
      Attachments: [],
      read: false,
    }
    this.messages.unshift(message)
    this.messages.length = Math.min(this.messages.length, this.maxMessages)
    return message
  }

  list(): StoredMessage[] {
    return [...this.messages]
  }

  get(id: string): StoredMessage | undefined {
    if (id === 'latest') return this.messages[0]
    return this.messages.find((message) => message.ID === id)
  }

  markRead(id: string): void {
    const message = this.get(id)
    if (message) message.read = true
  }

  /** Deletes the given messages, or all of them when no IDs are given. */
  delete(ids?: string[]): void {
    if (!ids || ids.length === 0) this.messages = []
    else this.messages = this.messages.filter((message) => !ids.includes(message.ID))
  }

  get unread(): number {
    return this.messages.filter((message) => !message.read).length
  }
}

export function summary(message: StoredMessage): MessageSummary {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: message.read,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    Subject: message.Subject,
    Created: message.Date,
    Username: message.Username,
    Tags: message.Tags,
    Size: message.Size,
    Attachments: 0,
    Snippet: message.Text.replace(/\s+/g, ' ').slice(0, 250),
  }
}

export function fullMessage(message: StoredMessage): Omit<StoredMessage, 'read'> {
  const rest: Partial<StoredMessage> = { ...message }
  delete rest.read
  return rest as Omit<StoredMessage, 'read'>
}

/**
 * A small part of Mailpit's search syntax: `to:`, `from:`, `subject:` and free words, all
 * case-insensitive substrings, every term required.
 */
export function matchesSearch(message: StoredMessage, query: string): boolean {
  const terms = query.match(/(?:[a-z]+:)?(?:"[^"]*"|\S+)/gi) ?? []
  return terms.every((term) => {
    const match = /^([a-z]+):(.*)$/i.exec(term)
    const field = match?.[1]?.toLowerCase()
    const value = (match ? (match[2] ?? '') : term).replace(/^"|"$/g, '').toLowerCase()
    const addresses = (list: Address[]) =>
      list.some((a) => `${a.Name} <${a.Address}>`.toLowerCase().includes(value))
    if (field === 'to') return addresses(message.To)
    if (field === 'from') return addresses([message.From])
    if (field === 'subject') return message.Subject.toLowerCase().includes(value)
    const haystack = [message.Subject, message.Text, message.From.Address]
      .concat(message.To.map((a) => a.Address))
      .join('\n')
      .toLowerCase()
    return haystack.includes((match ? term : value).toLowerCase())
  })
}
