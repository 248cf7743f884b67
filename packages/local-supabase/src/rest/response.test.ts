import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { contentRange, negotiateMedia, rangeStatus } from './response.ts'

describe('Content-Range and range status', () => {
  it("follows PostgREST's RangeQuery", () => {
    expect(contentRange(0, 9, undefined)).toBe('0-9/*')
    expect(contentRange(0, 9, 42)).toBe('0-9/42')
    expect(contentRange(0, -1, undefined)).toBe('*/*')
    expect(contentRange(0, -1, 0)).toBe('*/0')
    expect(contentRange(1, 0, 3)).toBe('*/3')
    expect(rangeStatus(0, 10, undefined)).toEqual({ status: 200, contentRange: '0-9/*' })
    expect(rangeStatus(0, 10, 42)).toEqual({ status: 206, contentRange: '0-9/42' })
    expect(rangeStatus(0, 3, 3)).toEqual({ status: 200, contentRange: '0-2/3' })
    expect(rangeStatus(0, 0, 0)).toEqual({ status: 200, contentRange: '*/0' })
    expect(rangeStatus(5, 0, 3)).toEqual({ status: 416, contentRange: '*/3' })
  })
})

describe('Accept', () => {
  it('serves JSON arrays, single objects and nulls=stripped', () => {
    expect(negotiateMedia(undefined)).toMatchObject({ single: false, stripNulls: false })
    expect(negotiateMedia('*/*')).toMatchObject({ single: false })
    expect(negotiateMedia('application/vnd.pgrst.object+json')).toEqual({
      single: true,
      stripNulls: false,
      contentType: 'application/vnd.pgrst.object+json; charset=utf-8',
    })
    expect(negotiateMedia('application/vnd.pgrst.object+json;nulls=stripped')).toMatchObject({
      single: true,
      stripNulls: true,
    })
    expect(negotiateMedia('application/vnd.pgrst.array+json;nulls=stripped')).toMatchObject({
      single: false,
      stripNulls: true,
    })
    expect(negotiateMedia('text/csv;q=0.9, application/json')).toMatchObject({ single: false })
  })

  it('offers CSV and the execution plan, with its format, options and target', () => {
    expect(negotiateMedia('text/csv')).toMatchObject({
      csv: true,
      contentType: 'text/csv; charset=utf-8',
    })
    expect(
      negotiateMedia(
        'application/vnd.pgrst.plan+json; for="application/json"; options=verbose|settings',
      ),
    ).toMatchObject({
      plan: { format: 'json', options: ['verbose', 'settings'], for: 'application/json' },
      contentType: 'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
    })
    expect(negotiateMedia('application/vnd.pgrst.plan')).toMatchObject({ plan: { format: 'text' } })
  })

  it('answers media types it cannot produce with 406 PGRST107', () => {
    let error: unknown
    try {
      negotiateMedia('application/xml')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(406)
    expect((error as ApiError).body.code).toBe('PGRST107')
  })
})
