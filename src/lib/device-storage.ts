import { createStore, del, delMany, get, keys, set, update, type UseStore } from 'idb-keyval'

// Keys start with the golfer's id, so logout deletes exactly theirs. Without IndexedDB (some
// private modes) the data stays in memory: the app works but does not survive a reload.
let idb: UseStore | null | undefined
const memory = new Map<string, unknown>()

function database(): UseStore | null {
  if (idb === undefined) {
    try {
      idb = typeof indexedDB === 'undefined' ? null : createStore('hcpfast', 'device')
    } catch {
      idb = null
    }
  }
  return idb
}

export const deviceKey = (userId: string, name: string) => `${userId}:${name}`

export async function readFromDevice<T>(key: string): Promise<T | undefined> {
  const store = database()
  return store ? get<T>(key, store) : (memory.get(key) as T | undefined)
}

export async function writeToDevice(key: string, value: unknown): Promise<void> {
  const store = database()
  if (store) await set(key, value, store)
  else memory.set(key, value)
}

export async function updateOnDevice<T>(key: string, change: (current: T | undefined) => T) {
  const store = database()
  let written: T | undefined
  const apply = (current: T | undefined) => (written = change(current))
  if (store) await update<T>(key, apply, store)
  else memory.set(key, apply(memory.get(key) as T | undefined))
  return written as T
}

/** For what must survive a tab killed just after a tap (a scorecard in play): a localStorage write
 * is done when the call returns. False when the browser refused. */
const nowKey = (key: string) => `hcpfast:${key}`

export function readFromDeviceNow<T>(key: string): T | undefined {
  try {
    const text = localStorage.getItem(nowKey(key))
    return text === null ? undefined : (JSON.parse(text) as T)
  } catch {
    return undefined
  }
}

export function writeToDeviceNow(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(nowKey(key), JSON.stringify(value))
    return true
  } catch {
    return false
  }
}

export function removeFromDeviceNow(key: string): void {
  try {
    localStorage.removeItem(nowKey(key))
  } catch {
    // Nothing kept, nothing to remove.
  }
}

export async function forgetOnDevice(userId: string): Promise<void> {
  const prefix = deviceKey(userId, '')
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(nowKey(prefix))) localStorage.removeItem(key)
    }
  } catch {
    // No localStorage: nothing was kept there.
  }
  const store = database()
  if (!store) {
    for (const key of [...memory.keys()]) if (key.startsWith(prefix)) memory.delete(key)
    return
  }
  const mine = (await keys<string>(store)).filter(
    (key) => typeof key === 'string' && key.startsWith(prefix),
  )
  await delMany(mine, store)
}

export async function removeFromDevice(key: string): Promise<void> {
  const store = database()
  if (store) await del(key, store)
  else memory.delete(key)
}
