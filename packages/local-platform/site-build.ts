import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { withBuildLock } from './build-lock.ts'

/** Netlify's publish folder in the repository (production builds, `npm run build`). */
export const publishDir = 'dist'
/**
 * Where the Astro adapter writes the pages function (Netlify's frameworks API reads it from there in
 * production builds): relative to the repository, whatever the build's `--outDir`.
 */
export const pagesFunctionOutput = '.netlify/v1/functions/ssr'

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
 * The folder one local run of the site lives in (`<DATA_DIR>/site`): its builds, the `dist`
 * symlink Netlify's runtime serves, a netlify.toml, and Netlify's own `.netlify` state (local
 * blobs among it). Each run has its own, so `npm test` beside `npm start` touches nothing of it
 * (docs/decisions/0006-local-publishing.md).
 */
export class SiteRoot {
  readonly dir: string
  constructor(dataDir: string) {
    this.dir = path.resolve(dataDir, 'site')
  }

  get buildsDir() {
    return path.join(this.dir, 'builds')
  }

  get publishDir() {
    return path.join(this.dir, 'dist')
  }

  /** The live build's pages function (its entry file), next to its publish folder. */
  get pagesFunction() {
    return path.join(path.dirname(realpathOr(this.publishDir)), 'functions', 'ssr', 'ssr.mjs')
  }

  /**
   * The repository's netlify.toml for the local runtime (local-runtime.ts) reading this
   * folder: the build command replaced (the runner builds), the publish folder this folder's `dist`
   * and the functions left out (the runtime loads them from the repository).
   */
  writeNetlifyConfig(repoConfig = 'netlify.toml'): void {
    mkdirSync(this.dir, { recursive: true })
    const toml = readFileSync(repoConfig, 'utf8')
      .replace(/^(\s*)command\s*=.*$/m, '$1command = "echo built by the local runner"')
      .replace(/^\s*directory\s*=\s*"netlify\/functions"\s*$/m, '')
      .replace(/^(\s*)publish\s*=.*$/gm, '$1publish = "dist"')
    writeFileSync(
      path.join(this.dir, 'netlify.toml'),
      `# Written by npm start from the repository's netlify.toml\n${toml}`,
    )
  }

  /**
   * Builds the site into a fresh folder (`builds/<time>/dist`, and its pages function beside it in
   * `functions/ssr`, never under the published files) and points `dist` at it with one atomic rename
   * of a symlink: the server never sees a half-written site. The adapter writes its function into
   * the repository's `.netlify/`, so builds of two runs of one checkout take turns.
   */
  async buildAndSwap(extraEnv: Record<string, string> = {}): Promise<string> {
    mkdirSync(this.buildsDir, { recursive: true })
    const name = `${Date.now()}`
    const target = path.join(this.buildsDir, name, 'dist')
    await withBuildLock(async () => {
      await astroBuild(target, extraEnv)
      moveFolder(pagesFunctionOutput, path.join(this.buildsDir, name, 'functions', 'ssr'))
    })
    this.swap(target)
    this.prune(name)
    return target
  }

  /**
   * Serves a build that several runs share (`sharedDir`: the end-to-end sites of one `npm test`):
   * the first run to take the build lock builds it there, the others find it built. Its pages read
   * the running site's address at run time (src/server/pages/site-address.ts), so one build serves
   * every port. Shared builds of earlier runs (siblings named like this one) are removed.
   */
  async useSharedBuild(shared: string, extraEnv: Record<string, string> = {}): Promise<string> {
    const sharedDir = path.resolve(shared)
    const target = path.join(sharedDir, 'dist')
    const ready = path.join(sharedDir, 'ready')
    await withBuildLock(async () => {
      if (existsSync(ready)) return
      const parent = path.dirname(sharedDir)
      const family = path.basename(sharedDir).replace(/-[^-]*$/, '-')
      for (const sibling of existsSync(parent) ? readdirSync(parent) : []) {
        const full = path.join(parent, sibling)
        if (sibling.startsWith(family) && full !== sharedDir) rmSync(full, { recursive: true, force: true })
      }
      rmSync(sharedDir, { recursive: true, force: true })
      await astroBuild(target, extraEnv)
      moveFolder(pagesFunctionOutput, path.join(sharedDir, 'functions', 'ssr'))
      writeFileSync(ready, new Date().toISOString())
    })
    this.swap(target)
    return target
  }

  private swap(target: string): void {
    const temp = `${this.publishDir}.next`
    rmSync(temp, { force: true, recursive: true })
    symlinkSync(target, temp)
    if (existsSync(this.publishDir) && !isSymlink(this.publishDir))
      rmSync(this.publishDir, { recursive: true, force: true })
    renameSync(temp, this.publishDir)
  }

  /** Keeps the live build and the one before it (a request may still be reading it). */
  private prune(live: string): void {
    const all = readdirSync(this.buildsDir)
      .filter((n) => /^\d+$/.test(n))
      .sort()
    for (const old of all.filter((n) => n !== live).slice(0, -1)) {
      rmSync(path.join(this.buildsDir, old), { recursive: true, force: true })
    }
  }
}

function realpathOr(p: string): string {
  try {
    return realpathSync(p)
  } catch {
    return p
  }
}

/** A rename, or a copy when the two folders are on different disks (DATA_DIR elsewhere). */
function moveFolder(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true })
  try {
    renameSync(from, to)
  } catch {
    cpSync(from, to, { recursive: true })
    rmSync(from, { recursive: true, force: true })
  }
}

function isSymlink(p: string): boolean {
  try {
    readlinkSync(p)
    return true
  } catch {
    return false
  }
}
