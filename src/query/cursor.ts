import { AppError } from '../domain/errors.ts'

/**
 * Page cursors: the sort key of a page's last story, so the next page is "older than that story". It depends on no
 * offset, so stories arriving between two requests never shift a later page. Opaque to clients (base64url of a
 * versioned text), so the encoding can change; a cursor that does not decode is a clear error.
 */
const PREFIX = 'v1.'

export function makeCursor(sortKey: string): string {
  return btoa(PREFIX + sortKey).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

export function readCursor(cursor: string): string {
  let text = ''
  try {
    text = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'))
  } catch {
    // not base64: reported below
  }
  const match = /^v1\.(\d{1,16})$/.exec(text)
  if (!match) throw AppError.invalidField('cursor', 'must be the next_cursor of a previous answer')
  return match[1]!
}

/** Publisher pages: the id of a page's last publisher, so the next page starts after it in name order. */
const SOURCE_PREFIX = 's1.'

export function makeSourceCursor(sourceId: string): string {
  return btoa(SOURCE_PREFIX + sourceId).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

export function readSourceCursor(cursor: string): string {
  let text = ''
  try {
    text = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'))
  } catch {
    // not base64: reported below
  }
  const match = /^s1\.([0-9a-f-]{36})$/.exec(text)
  if (!match) throw AppError.invalidField('cursor', 'must be the next_cursor of a previous answer')
  return match[1]!
}
