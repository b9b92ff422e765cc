import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const LOCK = path.resolve('.netlify', 'local-build.lock')

function holderAlive(): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'))
  } catch {
    // Taken a moment ago, its holder not written yet: alive.
    try {
      return Date.now() - statSync(LOCK).mtimeMs < 10_000
    } catch {
      return false
    }
  }
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Runs `work` while no other local build of this checkout runs (`npm start` and the test site both
 * build through the Astro adapter, which writes into the repository's `.netlify/`). A lock left by a
 * process that died is taken over.
 */
export async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(LOCK), { recursive: true })
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch {
      if (!holderAlive()) rmSync(LOCK, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  writeFileSync(path.join(LOCK, 'pid'), String(process.pid))
  try {
    return await work()
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}
