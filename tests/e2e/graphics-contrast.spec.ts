import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { contrastRatio, over, parseColour, type Rgba } from '../support/wcag.ts'
import { PHONE } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { golferWithCards, HOME_PARS, openSignedIn } from './support/golfer.ts'

/**
 * Every graphic the HCP screen draws, and every focus ring on it, at 3:1 or more against what is
 * behind it, in light and dark (WCAG 1.4.11): the colours are the browser's computed ones, the
 * backdrop each element's ancestors' backgrounds laid over each other.
 */
const GRAPHICS: readonly (readonly [what: string, selector: string, colour: 'stroke' | 'fill'])[] =
  [
    ['the index line', '.trend__line:not(.trend__line--whs)', 'stroke'],
    ['the WHS estimate line', '.trend__line--whs', 'stroke'],
    ['a dot that counts', '.trend__round--counts', 'fill'],
    ['the ring of a dot that does not count', '.trend__round:not(.trend__round--counts)', 'stroke'],
    ['a stats bar', '.stats__bar', 'fill'],
    ['the stats par line', '.stats__par', 'stroke'],
    ['an icon', 'svg.icon path', 'stroke'],
  ]

interface Drawn {
  what: string
  colour: string
  /** Each ancestor's background colour and image (a gradient's colours), from it up to the page. */
  backgrounds: [colour: string, image: string][]
}

/** The computed colour of each graphic, and the backgrounds from it up to the page. */
function drawnGraphics(page: Page): Promise<Drawn[]> {
  return page.evaluate((graphics) => {
    const backgroundsOf = (element: Element | null) => {
      const layers: [string, string][] = []
      for (let node = element; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        layers.push([style.backgroundColor, style.backgroundImage])
      }
      return layers
    }
    return graphics.flatMap(([what, selector, property]) => {
      const found = [...document.querySelectorAll(selector)]
      if (found.length === 0) return [{ what: `${what}: not drawn`, colour: '', backgrounds: [] }]
      return found.map((element) => ({
        what,
        colour: getComputedStyle(element)[property],
        backgrounds: backgroundsOf(element.parentElement),
      }))
    })
  }, GRAPHICS)
}

/** Tabs through the screen: the ring of each element that shows one, and what is behind it. */
async function focusRings(page: Page, stops: number): Promise<Drawn[]> {
  const rings: Drawn[] = []
  await page.locator('body').focus()
  for (let stop = 0; stop < stops; stop++) {
    await page.keyboard.press('Tab')
    const ring = await page.evaluate(() => {
      const element = document.activeElement
      if (!element || element === document.body || !element.matches(':focus-visible')) return null
      const style = getComputedStyle(element)
      const label = `focus ring of ${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`
      const backgroundsFrom = (start: Element | null) => {
        const layers: [string, string][] = []
        for (let node = start; node; node = node.parentElement) {
          const style = getComputedStyle(node)
          layers.push([style.backgroundColor, style.backgroundImage])
        }
        return layers
      }
      if (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') {
        // Drawn around the element (outside it unless inset): over its parent's background.
        const inside = parseFloat(style.outlineOffset) < 0
        return {
          what: label,
          colour: style.outlineColor,
          backgrounds: backgroundsFrom(inside ? element : element.parentElement),
        }
      }
      const shadow = /^(rgba?\([^)]*\)|color\([^)]*\)).* inset$/.exec(style.boxShadow)
      if (shadow?.[1]) {
        return { what: label, colour: shadow[1], backgrounds: backgroundsFrom(element) }
      }
      return { what: `${label}: no ring`, colour: '', backgrounds: [] }
    })
    if (ring) rings.push(ring)
  }
  return rings
}

/** A background-image's layers, bottom first, each as its colour stops. */
function gradientLayers(image: string): Rgba[][] {
  const layers: string[] = []
  let depth = 0
  let start = 0
  for (let at = 0; at < image.length; at++) {
    if (image[at] === '(') depth++
    else if (image[at] === ')') depth--
    else if (image[at] === ',' && depth === 0) {
      layers.push(image.slice(start, at))
      start = at + 1
    }
  }
  layers.push(image.slice(start))
  return layers
    .reverse()
    .map((layer) => (layer.match(/rgba?\([^)]*\)|color\([^)]*\)/g) ?? []).map(parseColour))
}

/**
 * Every colour that can be behind an element: the page's, then each ancestor's background colour
 * and gradients over it. A gradient can show any of its colours there; one whose colours are all
 * opaque covers what is below it.
 */
function possibleBackdrops(layers: Drawn['backgrounds']): Rgba[] {
  let below: Rgba[] = [[255, 255, 255, 1]]
  for (const [colour, image] of [...layers].reverse()) {
    below = below.map((under) => over(parseColour(colour), under))
    for (const stops of gradientLayers(image)) {
      if (stops.length === 0) continue
      below = stops.every((stop) => stop[3] === 1)
        ? stops
        : [...below, ...stops.flatMap((stop) => below.map((under) => over(stop, under)))]
    }
  }
  return below
}

/** Each graphic below 3:1, as "what: ratio"; and the lowest ratio of each kind, for the record. */
function contrasts(drawn: readonly Drawn[]) {
  const ratios = drawn.map(({ what, colour, backgrounds }) => {
    if (!colour) return { what, ratio: 0 }
    const ratio = Math.min(
      ...possibleBackdrops(backgrounds).map((behind) =>
        contrastRatio(over(parseColour(colour), behind), behind),
      ),
    )
    return { what, ratio }
  })
  return {
    failing: ratios
      .filter(({ ratio }) => ratio < 3)
      .map(({ what, ratio }) => `${what}: ${ratio.toFixed(2)}`),
    lowest: Object.fromEntries(
      [...new Set(ratios.map(({ what }) => what))].map((what) => [
        what,
        Math.min(...ratios.filter((ratio) => ratio.what === what).map(({ ratio }) => ratio)),
      ]),
    ),
  }
}

describe('graphics at 3:1 or more', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`on the HCP screen, in ${colorScheme}: the trend, the stats, the icons and every focus ring`, async ({
      open,
    }) => {
      // Bogeys, then a round of pars, then one more stroke: the first and last differentials do not
      // count, so there are dots of both kinds.
      const golfer = await golferWithCards(
        [0, 1, 2].map((round) => ({
          played_on: `2026-11-0${round + 1}`,
          hole_strokes: HOME_PARS.map((par) => par + (round === 1 ? 0 : 1)),
          score: round === 1 ? 72 : 90,
        })),
      )
      const { page } = await open({ viewport: PHONE, colorScheme })
      await openSignedIn(page, golfer)
      await page.getByRole('link', { name: 'HCP' }).click()
      await page.getByTestId('handicap-trend').waitFor()
      await page.getByRole('heading', { name: 'Scoring stats' }).waitFor()

      const graphics = contrasts(await drawnGraphics(page))
      const rings = contrasts(await focusRings(page, 25))
      console.info(colorScheme, { ...graphics.lowest, ...rings.lowest })
      expect(graphics.failing).toEqual([])
      expect(rings.failing).toEqual([])
      expect(Object.keys(rings.lowest).length).toBeGreaterThan(5)
    })
  }
})
