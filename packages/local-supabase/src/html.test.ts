import { describe, expect, it } from 'vitest'
import { escapeHtml } from './html.ts'

describe('escapeHtml', () => {
  it("escapes the five characters Go's html.EscapeString escapes, and nothing else", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a> ok`)).toBe(
      '&lt;a href=&#34;x&#34;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt; ok',
    )
  })
})
