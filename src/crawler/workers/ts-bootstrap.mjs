// Development and tests only: run a TypeScript worker entry under tsx (workers do not inherit `--import tsx`).
// The built service starts the compiled .js entry directly and never loads this file.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
