import { encode } from 'uqr'

/** The dark modules as one SVG path, a unit square each. */
export function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 2 })
  const squares = data.flatMap((row, y) =>
    row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : [])),
  )
  return { size, path: squares.join('') }
}

/** A QR code of the link, drawn in the app (no image from anywhere): dark on light in any theme,
 * as scanners expect. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = qrPath(text)
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
