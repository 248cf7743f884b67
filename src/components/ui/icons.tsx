import { stroke } from './icon-stroke'

/** Always aria-hidden. The flag is in flag-icon.tsx: a module the login screen imports goes into its
 * script whole. */
export function PlusIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M12 5v14M5 12h14" {...stroke} />
    </svg>
  )
}

export function ChevronIcon({ className = 'icon' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M6 9l6 6 6-6" {...stroke} />
    </svg>
  )
}

export function GaugeIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M4 18a8 8 0 1 1 16 0" {...stroke} />
      <path d="M12 18l4-6" {...stroke} />
    </svg>
  )
}

export function LogoutIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" {...stroke} />
    </svg>
  )
}
