/** A lazy chunk (a screen's or a panel's code) could not be fetched or run. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError'
  /** The script that failed, when the browser says (Chromium and Firefox do, Safari does not). */
  readonly url: string | undefined

  constructor(cause: unknown) {
    const message = cause instanceof Error ? cause.message : String(cause)
    super(message, { cause })
    this.url = /(https?:\/\/\S+?\.m?js)\b/.exec(message)?.[1]
  }
}

/** The server's answer for the script, past any cache; null without one (offline). */
async function askServerFor(url: string): Promise<Response | null> {
  try {
    return await fetch(url, { method: 'HEAD', cache: 'no-store' })
  } catch {
    return null
  }
}

const RELOADED_KEY = 'hcpfast:reloaded-for-missing-chunk'

/**
 * After a deploy, the running page asks for chunk files the server no longer has (their names
 * carry the old build's hashes): only a reload, which fetches the new build, helps. Once per tab
 * session (a marker in sessionStorage), so a chunk missing from the new build too cannot reload
 * the page in a loop; a chunk that is there (the network failed) is left to Retry. True when it
 * reloads.
 */
export async function reloadOnceIfDeployed(
  error: unknown,
  reload: () => void = () => window.location.reload(),
): Promise<boolean> {
  if (!(error instanceof ChunkLoadError) || !error.url) return false
  const answer = await askServerFor(error.url)
  if (!answer) return false
  // A host that answers every unknown path with the app's page has no 404 to give.
  const gone = !answer.ok || (answer.headers.get('content-type') ?? '').includes('text/html')
  if (!gone || sessionStorage.getItem(RELOADED_KEY) !== null) return false
  sessionStorage.setItem(RELOADED_KEY, error.url)
  reload()
  return true
}

/**
 * Whether Retry must reload the page: a browser keeps a module that failed to load in its module
 * map for the document's life (Safari and Firefox do), so importing it again throws the same
 * failure. A new document starts afresh; only once the script can be fetched (or, where the
 * browser names none, the device is online), so an offline Retry never loses the page.
 */
export async function reloadToRetry(
  error: unknown,
  reload: () => void = () => window.location.reload(),
): Promise<boolean> {
  if (!(error instanceof ChunkLoadError)) return false
  if (error.url) {
    if (!(await askServerFor(error.url))?.ok) return false
  } else if (!navigator.onLine) {
    return false
  }
  reload()
  return true
}
