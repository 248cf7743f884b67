/**
 * `run` at most once per key: a later call with the same key gets the first call's promise. For
 * one-time codes, which React's development double effects would otherwise spend twice.
 */
export function oncePerKey<T>(run: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const started = new Map<string, Promise<T>>()
  return (key) => {
    let promise = started.get(key)
    if (!promise) {
      promise = run(key)
      started.set(key, promise)
    }
    return promise
  }
}
