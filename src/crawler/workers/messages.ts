import type { ExtractResult } from '../extract/extract-article.ts'
import type { ParseResult } from '../parse/parse-feed.ts'

export interface WorkerRequest {
  id: number
  kind: 'parse' | 'extract'
  body: Uint8Array
  contentType: string | null
  url: string
}

export type WorkerResponse =
  | { id: number; kind: 'parse'; result: ParseResult }
  | { id: number; kind: 'extract'; result: ExtractResult }
  | { id: number; kind: 'error'; message: string }

/**
 * Sent once by a worker when its modules are loaded and it listens: the pool starts request clocks only then, since
 * loading linkedom and Readability takes seconds on a loaded machine and is no page's fault.
 */
export interface WorkerReady {
  kind: 'ready'
}
