import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root: the project directory handed to the local stack and to the tools. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
