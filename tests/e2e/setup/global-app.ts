import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { build, preview, type BuildOptions, type InlineConfig, type PreviewServer } from 'vite'
import type { TestProject } from 'vitest/node'
import { journeyLaunch } from '../../../scripts/chromium.ts'
import { PROJECT_ROOT } from '../../../scripts/project.ts'
import { startEarly as startEarlyUnder, takeStarted } from 'local-supabase/testing'
import { startAppStack } from '../../setup/global-stack.ts'
import type { StackInfo } from '../../support/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
    /** The run's one production build: its folder and the stack it was made for. */
    appBuild: AppBuild
    browserEndpoint: string
  }
}

const KEY = 'hcpfast:browser-journeys'

/** The stack, the build served for it, and the one browser: what the journeys' setup provides. */
async function startJourneys() {
  const { info, stop } = await startAppStack()
  try {
    // Per process, so two test runs side by side never serve each other's build.
    const outDir = path.join(PROJECT_ROOT, `dist-e2e-${process.pid}`)
    const app = await serveAppFor(info, outDir)
    // One browser for the spec files (the headless shell): each connects with contexts of its own.
    const browser = await chromium.launchServer(journeyLaunch()).catch(async (error: unknown) => {
      await app.close()
      throw error
    })
    const close = async () => {
      await browser.close()
      await app.close()
      await stop()
    }
    return { info, app, outDir, browserEndpoint: browser.wsEndpoint(), close }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Starts the journeys' servers before the setup runs (tests/setup/start-early.ts). */
export const startEarly = () => startEarlyUnder(KEY, startJourneys)

/**
 * Browser journeys run against the production build of the app, served by `vite preview`, talking
 * to a fresh local stack — the same bundle a golfer would download.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { info, app, outDir, browserEndpoint, close } = await takeStarted(KEY, startJourneys)
  project.provide('stack', info)
  project.provide('appUrl', app.url)
  project.provide('appBuild', { outDir, apiUrl: info.apiUrl, publishableKey: info.publishableKey })
  project.provide('browserEndpoint', browserEndpoint)
  return close
}

type StackAddress = Pick<StackInfo, 'apiUrl' | 'publishableKey'>

export interface AppBuild extends StackAddress {
  outDir: string
}

/**
 * `vite build` as a golfer's build is made. Vitest sets NODE_ENV=test, and Vite then bundles
 * React's development build (about 700 KB instead of 500): golfers get the production one.
 */
export async function buildApp(config: InlineConfig): Promise<void> {
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ mode: 'production', logLevel: 'warn', ...config })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}

/**
 * Builds the app for one stack into `outDir` and serves it with `vite preview` on a free port.
 * `build` adds to the golfer's build options (a profile wants readable function names).
 */
export async function serveAppFor(
  stack: StackAddress,
  outDir: string,
  build: BuildOptions = {},
): Promise<ServedApp> {
  await buildAppFor(stack, { build: { ...build, outDir, emptyOutDir: true } })
  return serve(outDir)
}

/** `vite build` of the app talking to `stack`. */
export async function buildAppFor(stack: StackAddress, config: InlineConfig): Promise<void> {
  setStackEnv(stack)
  await buildApp(config)
}

/**
 * The run's build (`inject('appBuild')`) copied into `outDir` and served for `stack`: a spec that
 * needs a server of its own, or a stack of its own, gets the same bundle without building it
 * again. The stack's URL and key are written into the copy where the build has the run's; the
 * rest (the hashed file names, the service worker's precache list) is the build's own.
 */
export async function serveCopyOfAppFor(
  stack: StackAddress,
  build: AppBuild,
  outDir: string,
): Promise<ServedApp> {
  await rm(outDir, { recursive: true, force: true })
  await cp(build.outDir, outDir, { recursive: true })
  const oldHost = new URL(build.apiUrl).host
  const swaps = new Map([
    [oldHost, new URL(stack.apiUrl).host],
    [build.publishableKey, stack.publishableKey],
  ])
  // One pass, whole values only: a port is never read as the start of a longer one.
  const pattern = new RegExp(`(${[...swaps.keys()].map(escapeRegExp).join('|')})(?![\\w-])`, 'g')
  let foundApiUrl = false
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|html|webmanifest)$|^_headers$/.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const text = await readFile(file, 'utf8')
    foundApiUrl ||= text.includes(build.apiUrl)
    const swapped = text.replace(pattern, (value) => swaps.get(value) ?? value)
    if (swapped !== text) await writeFile(file, swapped)
  }
  // A build that no longer carries its URL as written would be served talking to the wrong stack.
  if (!foundApiUrl) throw new Error(`the build in ${build.outDir} does not contain ${build.apiUrl}`)
  setStackEnv(stack)
  return serve(outDir)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export interface ServedApp {
  url: string
  close: () => Promise<void>
}

/** What the build reads, and what `vite preview` names in its Content-Security-Policy. */
function setStackEnv(stack: StackAddress): void {
  process.env.VITE_SUPABASE_URL = stack.apiUrl
  process.env.VITE_SUPABASE_PUBLISHABLE_KEY = stack.publishableKey
}

async function serve(outDir: string): Promise<ServedApp> {
  const server: PreviewServer = await preview({
    preview: { port: 0, strictPort: false, host: '127.0.0.1' },
    build: { outDir },
    logLevel: 'warn',
  })
  const url = server.resolvedUrls?.local[0]
  if (!url) {
    await server.close()
    throw new Error('vite preview did not report its URL')
  }
  return {
    url: url.replace(/\/$/, ''),
    close: async () => {
      await server.close()
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
