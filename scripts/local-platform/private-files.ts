import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  statSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs'
import path from 'node:path'

/*
 * What the site keeps on disk (the embedded database, the generated admin password, builds, Blobs)
 * and the backups it writes are the owner's alone: directories 0700, files 0600, whatever the umask
 * (docs/decisions/0214).
 */
const PRIVATE_DIR = 0o700
const PRIVATE_FILE = 0o600

/**
 * Creates `dir` (and its missing parents) readable by its owner only, and tightens it when it
 * already exists: a 0700 directory closes everything below it, so a `.data` made by an older
 * version needs nothing more. Files directly inside it (the admin password) are tightened too.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR })
  chmodSync(dir, PRIVATE_DIR)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) chmodSync(path.join(dir, entry.name), PRIVATE_FILE)
  }
}

/** Writes `file` readable by its owner only; an existing file is tightened before it is written. */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE)
  writeFileSync(file, data, { mode: PRIVATE_FILE })
}

/** Opens `file` for writing as a stream (a backup made as it is read), readable by its owner only, as writePrivateFile. */
export function createPrivateFile(file: string): WriteStream {
  if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE)
  return createWriteStream(file, { mode: PRIVATE_FILE })
}
