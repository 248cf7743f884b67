export function GoogleIcon() {
  const arc = { fill: 'none', strokeWidth: 3.2, strokeLinecap: 'butt' } as const
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M5.3 7.9a8 8 0 0 1 12.4-1.6" stroke="#ea4335" {...arc} />
      <path d="M5.3 16.1a8 8 0 0 1 0-8.2" stroke="#fbbc05" {...arc} />
      <path d="M17.9 17.4a8 8 0 0 1-12.6-1.3" stroke="#34a853" {...arc} />
      <path d="M12.4 12H20a8 8 0 0 1-2.1 5.4" stroke="#4285f4" {...arc} />
    </svg>
  )
}
