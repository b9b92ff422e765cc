import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'

export const buildsDir = '.builds'
export const publishDir = 'dist'

/** Runs `astro build` into `outDir`; rejects with the build's output when it fails. */
export function astroBuild(outDir: string, extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir], {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`astro build failed (exit ${code}):\n${output.slice(-4000)}`)),
    )
  })
}

/**
 * Builds the site into a fresh folder under .builds/ and points dist/ at it with one atomic rename
 * of a symlink: the server never sees a half-written site (docs/decisions/0006-local-publishing.md).
 */
export async function buildAndSwap(extraEnv: Record<string, string> = {}): Promise<string> {
  mkdirSync(buildsDir, { recursive: true })
  const name = `${Date.now()}`
  const target = path.join(buildsDir, name)
  await astroBuild(target, extraEnv)
  swapPublishDir(name)
  pruneOldBuilds(name)
  return target
}

function swapPublishDir(name: string): void {
  const temp = `${publishDir}.next`
  rmSync(temp, { force: true, recursive: true })
  symlinkSync(path.join(buildsDir, name), temp)
  if (existsSync(publishDir) && !isSymlink(publishDir)) rmSync(publishDir, { recursive: true, force: true })
  renameSync(temp, publishDir)
}

function isSymlink(p: string): boolean {
  try {
    readlinkSync(p)
    return true
  } catch {
    return false
  }
}

/** Keeps the live build and the one before it (a request may still be reading it). */
function pruneOldBuilds(live: string): void {
  const all = readdirSync(buildsDir).filter((n) => /^\d+$/.test(n)).sort()
  for (const old of all.filter((n) => n !== live).slice(0, -1)) {
    rmSync(path.join(buildsDir, old), { recursive: true, force: true })
  }
}
