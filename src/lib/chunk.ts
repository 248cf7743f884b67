/** A chunk's import and, once it has come, its module: code already in memory is drawn at once. */
export interface Chunk<Module> {
  (): Promise<Module>
  loaded(): Module | undefined
}

/** A failed import is asked again on the next call; the browser keeps a module that came. */
export function chunk<Module>(load: () => Promise<Module>): Chunk<Module> {
  let module: Module | undefined
  return Object.assign(() => load().then((value) => (module = value)), { loaded: () => module })
}
