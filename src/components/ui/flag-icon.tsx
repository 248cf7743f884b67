import { stroke } from './icon-stroke'

export function FlagIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M6 21V3l11 4-11 4" {...stroke} />
      <ellipse cx="12" cy="21" rx="7" ry="1.5" {...stroke} />
    </svg>
  )
}
