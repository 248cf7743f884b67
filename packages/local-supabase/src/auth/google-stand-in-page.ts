import { createHash } from 'node:crypto'
import { escapeHtml } from '../html.ts'

/**
 * The page `/authorize?provider=google` serves when no Google OAuth client is configured: a
 * plainly labelled local form in Google's place. It posts to `/callback` the way Google redirects
 * there — Continue with the person's details, Cancel as `error=access_denied` (what Google sends
 * when someone declines).
 *
 * Every value placed in the page is escaped, none of the request's query parameters are echoed,
 * and the Content-Security-Policy allows no script at all.
 */
export interface StandInPageOptions {
  /** The flow state id: Google's `state` parameter. */
  state: string
  /** Origin of the app the sign-in returns to (already validated against the allow list). */
  returnTo: string
  email?: string
  name?: string
  problem?: string
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f3f4f6; color: #111827; }
  main { box-sizing: border-box; width: min(100%, 26rem); margin: 1rem; padding: 1.5rem; background: #fff; border: 3px dashed #b45309; border-radius: 0.75rem; }
  .badge { display: inline-block; padding: 0.2rem 0.6rem; border-radius: 999px; background: #b45309; color: #fff; font-size: 0.8rem; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; }
  h1 { font-size: 1.35rem; margin: 0.75rem 0 0.5rem; }
  p { line-height: 1.45; }
  .note { font-size: 0.9rem; color: #4b5563; }
  .problem { padding: 0.5rem 0.75rem; border-radius: 0.5rem; background: #fee2e2; color: #991b1b; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; margin-top: 0.35rem; padding: 0.7rem; font: inherit; border: 1px solid #9ca3af; border-radius: 0.5rem; }
  /* Continue comes first in the form so that Enter continues; Cancel is shown on the left. */
  .actions { display: flex; flex-direction: row-reverse; gap: 0.75rem; margin-top: 1.5rem; }
  button { flex: 1; min-height: 2.75rem; font: inherit; font-weight: 600; border-radius: 0.5rem; border: 1px solid #374151; cursor: pointer; }
  button[value="access_denied"] { background: #fff; color: #111827; }
  button.continue { background: #111827; color: #fff; }
  @media (prefers-color-scheme: dark) {
    body { background: #111827; color: #f9fafb; }
    main { background: #1f2937; }
    .note { color: #d1d5db; }
    input { background: #111827; color: #f9fafb; }
    button[value="access_denied"] { background: #1f2937; color: #f9fafb; border-color: #9ca3af; }
    button.continue { background: #f9fafb; color: #111827; }
  }
`

export const STAND_IN_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
    "base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
}

export function standInPage(options: StandInPageOptions): string {
  const problem = options.problem
    ? `<p class="problem" role="alert">${escapeHtml(options.problem)}</p>`
    : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local test sign-in — Google stand-in (not Google)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <span class="badge">Local test only</span>
  <h1>Local test sign-in — Google stand-in</h1>
  <p class="note">This is <strong>not Google</strong>. The local Supabase stack shows this page
  because no Google OAuth client is configured. Enter any email address and name to sign in as
  that person; no password and no Google account are involved.</p>
  <p class="note">Returns to: <strong>${escapeHtml(options.returnTo)}</strong></p>
  ${problem}
  <form method="post" action="callback">
    <input type="hidden" name="state" value="${escapeHtml(options.state)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(options.email ?? '')}">
    <label for="name">Display name</label>
    <input id="name" name="name" type="text" autocomplete="name" maxlength="200" value="${escapeHtml(options.name ?? '')}">
    <div class="actions">
      <button type="submit" class="continue">Continue</button>
      <button type="submit" name="error" value="access_denied" formnovalidate>Cancel</button>
    </div>
  </form>
</main>
</body>
</html>
`
}
