import { invalidBodyError, postgrestError } from './errors.ts'

/** Bodies above this are refused before they are parsed (PostgREST itself leaves this to the proxy). */
export const MAX_BODY_BYTES = 1024 * 1024

export interface Payload {
  /** The body as given by the client. */
  raw: string
  /** The body as a JSON array of objects (an object is wrapped), for `json_to_recordset`. */
  rows: string
  /** The columns the body sets: the `columns` parameter, or the objects' keys. */
  keys: string[]
}

function tooLarge(bytes: number | undefined) {
  // PostgREST has no limit of its own (a proxy enforces one), so there is no code for this: it is
  // reported as an unacceptable body, with the status a proxy would send.
  return postgrestError(413, {
    code: 'PGRST102',
    details:
      bytes === undefined
        ? `The request body is larger than ${MAX_BODY_BYTES} bytes.`
        : `The request body has ${bytes} bytes; the limit is ${MAX_BODY_BYTES} bytes.`,
    hint: null,
    message: 'Request body too large',
  })
}

/**
 * Reads the body as UTF-8 text, refusing it with 413 as soon as it is known to be too large. The
 * rest of a refused body is left unread; the HTTP server drains it after the response.
 */
export async function readRequestBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge(declared)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      reader.releaseLock()
      throw tooLarge(undefined)
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType.trim() === '') return true
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase()
  return type === 'application/json' || type === '*/*'
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * PostgREST's payload rules (PGRST `ApiRequest/Payload.hs`): invalid JSON is PGRST102 "Empty or
 * invalid json"; an array's objects must all have the same keys unless `columns=` names them; a
 * body that is neither an object nor an array counts as no rows. The text itself is passed on
 * unchanged, so numbers keep every digit the client sent.
 */
export function readPayload(
  text: string,
  contentType: string | undefined,
  columnsParam: string[] | undefined,
): Payload {
  if (!isJsonContentType(contentType)) {
    const type = (contentType?.split(';')[0] ?? '').trim()
    throw invalidBodyError(`Content-Type not acceptable: ${type}`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw invalidBodyError('Empty or invalid json')
  }
  const rows = Array.isArray(value) ? text : isObject(value) ? `[${text}]` : '[]'
  if (columnsParam) return { raw: text, rows, keys: columnsParam }
  if (isObject(value)) return { raw: text, rows, keys: Object.keys(value) }
  if (!Array.isArray(value) || value.length === 0) return { raw: text, rows: '[]', keys: [] }
  const first = value[0]
  if (!isObject(first)) throw invalidBodyError('All object keys must match')
  const keys = Object.keys(first)
  const canonical = [...keys].sort().join('\u0000')
  const uniform = value.every(
    (element) => isObject(element) && Object.keys(element).sort().join('\u0000') === canonical,
  )
  if (!uniform) throw invalidBodyError('All object keys must match')
  return { raw: text, rows, keys }
}
