import { postgrestError } from './errors.ts'
import { extraMediaChoice, type PlanChoice } from './media-types.ts'

/**
 * Content negotiation and the response's framing: Content-Type, Content-Range and the range
 * status (PGRST `MediaType.hs`, `RangeQuery.hs`, `Response.hs`).
 */

export interface MediaChoice {
  /** `application/vnd.pgrst.object+json`: exactly one row, sent as an object. */
  single: boolean
  /** `nulls=stripped`: keys whose value is null are left out. */
  stripNulls: boolean
  contentType: string
  /** `text/csv`: the rows as PostgREST's CSV. */
  csv?: true
  /** `application/vnd.pgrst.plan…`: the statement's EXPLAIN instead of its rows. */
  plan?: PlanChoice
}

const JSON_MEDIA: MediaChoice = {
  single: false,
  stripNulls: false,
  contentType: 'application/json; charset=utf-8',
}

function choiceFor(mediaRange: string): MediaChoice | undefined {
  const [type = '', ...parameters] = mediaRange.split(';').map((part) => part.trim().toLowerCase())
  const stripNulls = parameters.some(
    (parameter) => parameter.replaceAll(' ', '') === 'nulls=stripped',
  )
  switch (type) {
    case '*/*':
    case 'application/*':
    case 'application/json':
      return JSON_MEDIA
    case 'application/vnd.pgrst.array+json':
      return stripNulls
        ? {
            single: false,
            stripNulls: true,
            contentType: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
          }
        : JSON_MEDIA
    case 'application/vnd.pgrst.object+json':
      return {
        single: true,
        stripNulls,
        contentType: `application/vnd.pgrst.object+json${stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`,
      }
    default: {
      const extra = extraMediaChoice(type, parameters)
      return extra && { single: false, stripNulls: false, ...extra }
    }
  }
}

/** Picks the first acceptable media type the client lists (by q-value), or 406 PGRST107. */
export function negotiateMedia(accept: string | undefined): MediaChoice {
  if (!accept || accept.trim() === '') return JSON_MEDIA
  const ranges = accept
    .split(',')
    .map((range, index) => {
      const q = /;\s*q=([0-9.]+)/i.exec(range)
      return { range: range.replace(/;\s*q=[0-9.]+/i, ''), q: q ? Number(q[1]) : 1, index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { range } of ranges) {
    const choice = choiceFor(range)
    if (choice) return choice
  }
  throw postgrestError(406, {
    code: 'PGRST107',
    details: null,
    hint: null,
    message: `None of these media types are available: ${ranges.map((entry) => entry.range.trim()).join(', ')}`,
  })
}

/** `Content-Range: lower-upper/total`, `*` for an empty page or an unknown total. */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total === undefined ? '*' : total}`
}

/** 200, 206 for a partial page of a counted result, or 416 when the offset is past the end. */
export function rangeStatus(
  offset: number,
  pageTotal: number,
  total: number | undefined,
): { status: number; contentRange: string } {
  const upper = offset + pageTotal - 1
  const header = contentRange(offset, upper, total)
  if (total === undefined) return { status: 200, contentRange: header }
  if (offset > total) return { status: 416, contentRange: header }
  if (1 + upper - offset < total) return { status: 206, contentRange: header }
  return { status: 200, contentRange: header }
}

export function rangeNotSatisfiable(details: string) {
  return postgrestError(416, {
    code: 'PGRST103',
    details,
    hint: null,
    message: 'Requested range not satisfiable',
  })
}
