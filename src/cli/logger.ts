import pino, { type Logger } from 'pino'

/** JSON logs; `serve` writes them to stdout, the data commands to stderr so stdout stays clean for NDJSON. */
export function createLogger(level: string, stream: 'stdout' | 'stderr'): Logger {
  return pino({ level, base: { service: 'newsdesk' } }, pino.destination({ fd: stream === 'stdout' ? 1 : 2, sync: true }))
}
