import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Locator, Page } from 'playwright-core'
import { screenshot } from './browser.ts'

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/**
 * Waits until no animation runs, so colours and sizes are the ones a golfer ends up seeing. A
 * looping one (the status pill's pulsing dot) never ends, so it is not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  )
}

/** Every axe-core violation (all rules axe runs by default, any impact), one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settled(page)
  // Evaluated through DevTools rather than as a <script>, which the app's CSP rightly refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<unknown> } }).axe
    const result = (await axe.run(document)) as { violations: AxeViolation[] }
    return result.violations
  })
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  )
}

/**
 * Everything a golfer can press or type into that is smaller than 44×44 CSS pixels. Elements
 * moved off-screen until focused (the skip links) and zero-size focus guards are left out.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, [role="button"], [tabindex="0"]'
    const small: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      if (box.bottom + window.scrollY <= 0 || box.right + window.scrollX <= 0) continue
      if (getComputedStyle(element).visibility === 'hidden') continue
      if (box.width < 44 || box.height < 44) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''
        small.push(`${element.tagName.toLowerCase()} "${name}" is ${box.width}×${box.height}`)
      }
    }
    return small
  })
}

/**
 * The lowest contrast of each text on the handicap card against its gradient, computed from the
 * CSS: the lighter of the two gradient stops (--primary, --primary-strong), each under the full
 * strength of the card's highlight (--card-highlight), is the worst background any text can sit
 * on; the text colour is blended over it with the opacity of the text and its ancestors.
 */
export async function lowestTextContrast(
  page: Page,
  texts: Locator,
): Promise<{ text: string; ratio: number }[]> {
  await settled(page)
  return texts.evaluateAll((elements) => {
    const probe = document.createElement('canvas').getContext('2d')
    if (!probe) throw new Error('no 2d canvas')
    const rgba = (css: string): [number, number, number, number] => {
      probe.fillStyle = '#000'
      probe.fillStyle = css.trim()
      const value = probe.fillStyle
      if (value.startsWith('#')) {
        const [r, g, b] = (value.match(/[0-9a-f]{2}/gi) ?? []).map((hex) => parseInt(hex, 16))
        return [r ?? 0, g ?? 0, b ?? 0, 1]
      }
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number)
      return [r, g, b, a]
    }
    const over = (top: number[], alpha: number, bottom: number[]) =>
      [0, 1, 2].map((i) => alpha * (top[i] ?? 0) + (1 - alpha) * (bottom[i] ?? 0))
    const channel = (value: number) => {
      const c = value / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }
    const luminance = ([r = 0, g = 0, b = 0]: number[]) =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

    const root = getComputedStyle(document.documentElement)
    const highlight = rgba(root.getPropertyValue('--card-highlight'))
    const backgrounds = ['--primary', '--primary-strong'].map((token) =>
      over(highlight, highlight[3], rgba(root.getPropertyValue(token))),
    )
    return elements.map((element) => {
      const colour = rgba(getComputedStyle(element).color)
      let alpha = colour[3]
      for (let node: Element | null = element; node; node = node.parentElement) {
        alpha *= Number(getComputedStyle(node).opacity)
      }
      const lowest = Math.min(
        ...backgrounds.map((background) =>
          contrast(luminance(over(colour, alpha, background)), luminance(background)),
        ),
      )
      return { text: element.textContent ?? '', ratio: Math.round(lowest * 100) / 100 }
    })
  })
}

/**
 * axe in light and dark (a screenshot of each for people to look at), back to light: each
 * violation prefixed with its scheme. `name` names the screenshots.
 */
export async function axeInBothSchemes(page: Page, name: string): Promise<string[]> {
  const found: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    found.push(...(await axeViolations(page)).map((violation) => `${colorScheme}: ${violation}`))
    await screenshot(page, `${name}-${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

/** Every button and link under `selector` smaller than 48×48 CSS pixels (a thumb's target). */
export function targetsUnder48(page: Page, selector = '.scorecard'): Promise<string[]> {
  return page.evaluate(
    (within) =>
      [...document.querySelectorAll<HTMLElement>(`${within} button, ${within} a[href]`)]
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 48 || box.height < 48)
        .map(({ element, box }) => `${element.textContent?.trim()} is ${box.width}×${box.height}`),
    selector,
  )
}
