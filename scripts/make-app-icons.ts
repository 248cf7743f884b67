import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_LAUNCH } from './chromium.ts'
import { PROJECT_ROOT } from './project.ts'

/**
 * Renders the app's mark (the flag of public/favicon.svg) into the PNG icons the web app manifest
 * and iOS need, once: `npx tsx scripts/make-app-icons.ts`, then commit the PNGs. Run it again only
 * when the mark changes. The mark is drawn on a 32-unit grid; every icon is that grid scaled.
 */
const GREEN = '#17663f'
const MARK = [
  '<path d="M11 26V6l12 5-12 5" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>',
  '<ellipse cx="16" cy="26" rx="8" ry="1.6" fill="#b6e3c8"/>',
].join('')

/**
 * `rounded`: the favicon's rounded square on a transparent page (purpose "any").
 * `full-bleed`: green to every edge, the mark shrunk to 80 % about the centre so it stays inside
 * the maskable safe zone (a circle of 40 % radius) and iOS's own rounding never clips it.
 */
function iconSvg(size: number, shape: 'rounded' | 'full-bleed'): string {
  const background =
    shape === 'rounded'
      ? `<rect width="32" height="32" rx="8" fill="${GREEN}"/>`
      : `<rect width="32" height="32" fill="${GREEN}"/>`
  const mark =
    shape === 'rounded'
      ? MARK
      : `<g transform="translate(16 16) scale(0.8) translate(-16 -16)">${MARK}</g>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${background}${mark}</svg>`
}

const ICONS = [
  { file: 'public/icons/icon-192.png', size: 192, shape: 'rounded' },
  { file: 'public/icons/icon-512.png', size: 512, shape: 'rounded' },
  { file: 'public/icons/icon-maskable-512.png', size: 512, shape: 'full-bleed' },
  { file: 'public/apple-touch-icon.png', size: 180, shape: 'full-bleed' },
] as const

const browser = await chromium.launch(CHROMIUM_LAUNCH)
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    })
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${iconSvg(icon.size, icon.shape)}</body></html>`,
    )
    const png = await page.locator('svg').screenshot({ omitBackground: true })
    await writeFile(path.join(PROJECT_ROOT, icon.file), png)
    await page.close()
    process.stdout.write(`${icon.file} (${icon.size}×${icon.size}, ${png.length} bytes)\n`)
  }
} finally {
  await browser.close()
}
