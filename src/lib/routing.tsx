import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react'
import { Link, Redirect, Router, useRoute } from 'wouter'

/**
 * The app's routing, on wouter (2.5 KB gzipped, where react-router-dom's declarative mode was 13 KB
 * of the login screen's script; README "Decisions"). Wouter matches routes and draws links; this
 * module gives it a location that also carries the history entry's state (the Google and recovery
 * returns pass a flag in it), and gives the screens the few names they use: `useLocation`,
 * `useNavigate`, `Navigate`, `NavLink`, a browser and a memory router.
 */
export interface AppLocation {
  pathname: string
  search: string
  hash: string
  state: unknown
}

export interface NavigateOptions {
  replace?: boolean
  state?: unknown
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void

interface LocationSource {
  subscribe: (listener: () => void) => () => void
  current: () => AppLocation
  navigate: NavigateFunction
}

function sameLocation(a: AppLocation, b: AppLocation): boolean {
  return (
    a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state
  )
}

/** A source that keeps one snapshot object until the location changes (useSyncExternalStore's rule). */
function locationSource(
  read: () => AppLocation,
  write: (to: string, options: NavigateOptions) => void,
  listen: (notify: () => void) => () => void,
): LocationSource {
  const listeners = new Set<() => void>()
  let snapshot = read()
  const notify = () => {
    const next = read()
    if (sameLocation(next, snapshot)) return
    snapshot = next
    for (const listener of listeners) listener()
  }
  let stopListening: (() => void) | null = null
  return {
    subscribe(listener) {
      listeners.add(listener)
      stopListening ??= listen(notify)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) {
          stopListening?.()
          stopListening = null
        }
      }
    },
    current() {
      // A change made while nobody listened (between two screens) is still seen.
      const latest = read()
      if (!sameLocation(latest, snapshot)) snapshot = latest
      return snapshot
    },
    navigate(to, options = {}) {
      write(to, options)
      notify()
    },
  }
}

let browser: LocationSource | null = null

function browserLocation(): LocationSource {
  browser ??= locationSource(
    () => {
      const { pathname, search, hash } = window.location
      return { pathname, search, hash, state: window.history.state as unknown }
    },
    (to, { replace = false, state = null }) => {
      if (replace) window.history.replaceState(state, '', to)
      else window.history.pushState(state, '', to)
    },
    (notify) => {
      window.addEventListener('popstate', notify)
      return () => window.removeEventListener('popstate', notify)
    },
  )
  return browser
}

function memoryLocation(entry: string | { pathname: string; state?: unknown }): LocationSource {
  const parse = (to: string, state: unknown): AppLocation => {
    const url = new URL(to, 'http://memory.invalid')
    return { pathname: url.pathname, search: url.search, hash: url.hash, state }
  }
  let location =
    typeof entry === 'string' ? parse(entry, null) : parse(entry.pathname, entry.state ?? null)
  return locationSource(
    () => location,
    (to, { state = null }) => {
      location = parse(to, state)
    },
    () => () => {},
  )
}

const LocationContext = createContext<LocationSource | null>(null)

function useLocationSource(): LocationSource {
  const source = useContext(LocationContext)
  if (!source) throw new Error('useLocation needs a BrowserRouter or MemoryRouter above it')
  return source
}

export function useLocation(): AppLocation {
  const source = useLocationSource()
  return useSyncExternalStore(source.subscribe, source.current, source.current)
}

export function useNavigate(): NavigateFunction {
  return useLocationSource().navigate
}

/** Wouter's location hook, read from this module's source. */
function useWouterLocation(): [string, NavigateFunction] {
  const source = useLocationSource()
  return [useLocation().pathname, source.navigate]
}

function useWouterSearch(): string {
  return useLocation().search
}

function LocationRouter({ source, children }: { source: LocationSource; children: ReactNode }) {
  return (
    <LocationContext.Provider value={source}>
      <Router hook={useWouterLocation} searchHook={useWouterSearch}>
        {children}
      </Router>
    </LocationContext.Provider>
  )
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  return <LocationRouter source={browserLocation()}>{children}</LocationRouter>
}

/** For tests: a router that starts at one path (with its history state) and keeps no history. */
export function MemoryRouter({
  initialEntry = '/',
  children,
}: {
  initialEntry?: string | { pathname: string; state?: unknown }
  children: ReactNode
}) {
  const [source] = useState(() => memoryLocation(initialEntry))
  return <LocationRouter source={source}>{children}</LocationRouter>
}

/** Goes to `to` once drawn (a guard's answer). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace} state={state} />
}

interface NavLinkProps {
  to: string
  className?: string | ((state: { isActive: boolean }) => string)
  children: ReactNode
}

/** A link that knows when it is the current screen: aria-current="page", and its class says so. */
export function NavLink({ to, className, children }: NavLinkProps) {
  const [isActive] = useRoute(to)
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined
  return (
    <Link to={to} className={classes} aria-current={isActive ? 'page' : undefined}>
      {children}
    </Link>
  )
}

export { Link, Route, Switch, useParams } from 'wouter'
