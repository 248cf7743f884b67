/**
 * WCAG 2.2 colour contrast, for colours as the browser computes them (getComputedStyle):
 * `rgb(…)`, `rgba(…)`, or `color(srgb …)` for a color-mix(). Channels are 0–255, alpha 0–1.
 */
export type Rgba = [r: number, g: number, b: number, a: number]

export function parseColour(css: string): Rgba {
  const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)$/.exec(
    css.trim(),
  )
  if (srgb) {
    const [r, g, b] = [srgb[1], srgb[2], srgb[3]].map((value) => Number(value) * 255)
    return [r ?? 0, g ?? 0, b ?? 0, srgb[4] === undefined ? 1 : Number(srgb[4])]
  }
  const rgb = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)$/.exec(css.trim())
  if (!rgb) throw new Error(`not a computed colour: ${css}`)
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])]
}

/** `top` drawn over an opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3]
  return [0, 1, 2].map((i) => a * (top[i] ?? 0) + (1 - a) * (bottom[i] ?? 0)).concat(1) as Rgba
}

/** WCAG's relative luminance of an opaque colour. */
export function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}
