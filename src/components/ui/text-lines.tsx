import type { ComponentProps } from 'react'

/** Lines of text as a list; a list's lines are distinct, so each is its own key. */
export function TextLines({ lines, ...list }: { lines: readonly string[] } & ComponentProps<'ul'>) {
  return (
    <ul {...list}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}
