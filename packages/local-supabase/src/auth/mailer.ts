import { readFileSync } from 'node:fs'
import type { ServiceContext } from '../context.ts'
import { escapeHtml } from '../html.ts'
import type { User } from './users.ts'

/** GoTrue's mail kinds, named as `[auth.email.template.<name>]` names them. */
export type MailKind =
  'confirmation' | 'invite' | 'magic_link' | 'recovery' | 'email_change' | 'reauthentication'

/** GoTrue's `type` values for /verify, per mail kind. */
export const VERIFY_TYPE: Record<MailKind, string> = {
  confirmation: 'signup',
  invite: 'invite',
  magic_link: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
}

// GoTrue's built-in subjects; the bodies below say the same in this stack's own words.
const DEFAULT_SUBJECTS: Record<MailKind, string> = {
  confirmation: 'Confirm Your Email',
  invite: 'You have been invited',
  magic_link: 'Your Magic Link',
  recovery: 'Reset Your Password',
  email_change: 'Confirm Email Change',
  reauthentication: 'Confirm reauthentication',
}

const DEFAULT_BODIES: Record<MailKind, string> = {
  confirmation: `<h2>Confirm your email</h2>
<p>Open this link to confirm your email address:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p>
<p>Or enter this code: {{ .Token }}</p>`,
  invite: `<h2>You are invited</h2>
<p>You were invited to create an account on {{ .SiteURL }}. Open this link to accept:</p>
<p><a href="{{ .ConfirmationURL }}">Accept the invitation</a></p>
<p>Or enter this code: {{ .Token }}</p>`,
  magic_link: `<h2>Your sign-in link</h2>
<p>Open this link to sign in:</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>
<p>Or enter this code: {{ .Token }}</p>`,
  recovery: `<h2>Reset your password</h2>
<p>Someone asked to reset the password of the account for {{ .Email }}. Open this link to choose a new one:</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>Or enter this code: {{ .Token }}</p>
<p>If you did not ask for this, you can ignore this message.</p>`,
  email_change: `<h2>Confirm your new email address</h2>
<p>Open this link to confirm changing your email address from {{ .Email }} to {{ .NewEmail }}:</p>
<p><a href="{{ .ConfirmationURL }}">Change email address</a></p>
<p>Or enter this code: {{ .Token }}</p>`,
  reauthentication: `<h2>Confirm it is you</h2>
<p>Enter this code: {{ .Token }}</p>`,
}

/**
 * Fills a GoTrue mail template: `{{ .Name }}` and `{{ .Data.key }}` are replaced by their
 * (HTML-escaped) values; anything else Go's template language offers is left out.
 */
export function renderTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{-?\s*\.([A-Za-z0-9_.]+)\s*-?\}\}/g, (_, path: string) => {
    let value: unknown = values
    for (const part of path.split('.')) {
      value =
        value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined
    }
    if (value === undefined || value === null) return ''
    return escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))
  })
}

/** GoTrue's `encodeRedirectURL`: escaped only when it was not escaped by the caller already. */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? encodeURIComponent(url) : url
}

export interface MailParams {
  kind: MailKind
  /** The address the mail goes to. */
  to: string
  user: User
  /** The code (OTP) the mail offers; the link carries `tokenHash`. */
  otp: string
  tokenHash: string
  redirectTo: string
  newEmail?: string
}

/** The subject and HTML of a mail, from config.toml's template when set, else the default. */
export function composeMail(ctx: ServiceContext, params: MailParams) {
  const template = ctx.config.auth.email.templates[params.kind] ?? {}
  const body = template.contentPath
    ? readFileSync(template.contentPath, 'utf8')
    : DEFAULT_BODIES[params.kind]
  const confirmationUrl =
    `${ctx.apiUrl}/auth/v1/verify?token=${encodeURIComponent(params.tokenHash)}` +
    `&type=${VERIFY_TYPE[params.kind]}&redirect_to=${encodeRedirect(params.redirectTo)}`
  const values = {
    SiteURL: ctx.config.auth.siteUrl,
    ConfirmationURL: confirmationUrl,
    Email: params.user.row.email ?? '',
    NewEmail: params.newEmail ?? '',
    Token: params.otp,
    TokenHash: params.tokenHash,
    RedirectTo: params.redirectTo,
    Data: params.user.row.raw_user_meta_data ?? {},
  }
  return {
    subject: renderTemplate(template.subject ?? DEFAULT_SUBJECTS[params.kind], values),
    html: renderTemplate(body, values),
  }
}

/** Hands a composed mail to the local inbox. */
export function deliver(ctx: ServiceContext, to: string, mail: { subject: string; html: string }) {
  const { inbucket } = ctx.config
  if (!ctx.mailer) {
    ctx.log(`auth: no inbox, dropped the mail "${mail.subject}" to ${to}`)
    return
  }
  ctx.mailer.send({
    from: { Name: inbucket.senderName, Address: inbucket.adminEmail },
    to: [{ Name: '', Address: to }],
    subject: mail.subject,
    html: mail.html,
  })
}
