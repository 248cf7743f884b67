import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import indexHtml from '../../../index.html?raw'
import { PageLoading } from './loading'
import { APP_TAGLINE } from './page-heading'

/** The first-load shell as index.html paints it, before any script has run. */
function firstPaintShell(): Element {
  const shell = new DOMParser()
    .parseFromString(indexHtml, 'text/html')
    .querySelector('#root > main')
  if (!shell) throw new Error('index.html has no shell in #root')
  return shell
}

const outline = (element: Element) =>
  [...element.querySelectorAll('*')].map((node) =>
    [node.tagName.toLowerCase(), node.getAttribute('class') ?? '', node.textContent?.trim()].join(
      ' ',
    ),
  )

describe('PageLoading', () => {
  it("draws index.html's first-load shell again, with the login screen's tagline", () => {
    const { container } = render(<PageLoading />)
    const drawn = container.querySelector('main')
    if (!drawn) throw new Error('PageLoading drew no main')
    const shell = firstPaintShell()
    expect(outline(drawn)).toEqual(outline(shell))
    expect(shell.querySelector('.brand__tagline')?.textContent).toBe(APP_TAGLINE)
  })
})
