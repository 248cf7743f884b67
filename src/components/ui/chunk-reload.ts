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

/** Past any cache; null offline. */
async function askServerFor(url: string): Promise<Response | null> {
  try {
    return await fetch(url, { method: 'HEAD', cache: 'no-store' })
  } catch {
    return null
  }
}

const RELOADED_KEY = 'hcpfast:reloaded-for-missing-chunk'

/** After a deploy the old build's chunks are gone and only a reload helps; once per tab session, so
 * a chunk missing from the new build too cannot reload in a loop. */
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

/** Safari and Firefox keep a failed module for the document's life, so only a reload retries it;
 * only once the script can be fetched, so an offline Retry never loses the page. */
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
