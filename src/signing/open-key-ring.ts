import { createKeyRing, type CrawlerKeyRing } from './key-ring.ts'
import { KeyFileError, keyFilePath, loadOrCreateKeyFile, permissionWarning } from './key-storage.ts'

export interface OpenedKeyRing {
  ring: CrawlerKeyRing
  /** The key file's absolute path. */
  path: string
  /** True when the file did not exist and a first key was generated. */
  created: boolean
  /** Set when the file or its directory is readable by other users. */
  permissionWarning: string | null
}

/** The key ring of `<dataDir>/keys/crawler-signing-keys.json`, creating the file with one key when absent. */
export function openCrawlerKeyRing(dataDir: string, now: number): OpenedKeyRing {
  const path = keyFilePath(dataDir)
  const { keys, created } = loadOrCreateKeyFile(path, now)
  let ring: CrawlerKeyRing
  try {
    ring = createKeyRing(keys)
  } catch (err) {
    throw new KeyFileError(`signing: ${path} holds an unusable key: ${(err as Error).message}`)
  }
  return { ring, path, created, permissionWarning: permissionWarning(path) }
}
