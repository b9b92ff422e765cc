import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse as parseToml } from 'smol-toml'

export interface FunctionBundle {
  name: string
  /** The zip Netlify would upload. */
  zipPath: string
  zipBytes: number
  /** The zip unpacked, as Lambda lays it out in /var/task. */
  dir: string
  /** Events the function subscribes to, as the build recorded them in manifest.json. */
  eventSubscriptions: string[]
  routes: string[]
  /** The cron expression of a scheduled function. */
  schedule?: string
  /** 'background' for a background function. */
  invocationMode?: string
}

/** netlify.toml's per-function `included_files` ([functions.<name>]), which the build passes on. */
function includedFilesByFunction(projectDir: string): Record<string, { includedFiles: string[] }> {
  const toml = parseToml(readFileSync(path.join(projectDir, 'netlify.toml'), 'utf8')) as {
    functions?: Record<string, unknown>
  }
  const settings: Record<string, { includedFiles: string[] }> = {}
  for (const [name, value] of Object.entries(toml.functions ?? {})) {
    const files = (value as { included_files?: unknown } | null)?.included_files
    if (Array.isArray(files)) settings[name] = { includedFiles: files.map(String) }
  }
  return settings
}

/**
 * Builds netlify/functions the way `netlify build` does: @netlify/zip-it-and-ship-it (the
 * library @netlify/build calls, the same version netlify-cli pins) with netlify.toml's [functions]
 * settings, offline. Each zip is unpacked into `outDir/<name>/`, away from the project.
 */
export async function buildFunctionBundles(projectDir: string, outDir: string): Promise<FunctionBundle[]> {
  // Loaded here, not at the top: the package's index stays cheap to import for its small helpers.
  const { zipFunctions } = await import('@netlify/zip-it-and-ship-it')
  const zips = path.join(outDir, 'zips')
  mkdirSync(zips, { recursive: true })
  const results = await zipFunctions({ user: { directories: [path.join(projectDir, 'netlify/functions')] } }, zips, {
    basePath: projectDir,
    repositoryRoot: projectDir,
    manifest: path.join(zips, 'manifest.json'),
    // netlify.toml: node_bundler = "esbuild" (which @netlify/build passes on as esbuild_zisi),
    // external_node_modules = [], NODE_VERSION = 24; and each function's included_files.
    config: {
      ...includedFilesByFunction(projectDir),
      '*': {
        nodeBundler: 'esbuild_zisi',
        externalNodeModules: [],
        nodeVersion: '24',
        includedFilesBasePath: projectDir,
      },
    },
  })
  const manifest = JSON.parse(readFileSync(path.join(zips, 'manifest.json'), 'utf8')) as {
    functions: {
      name: string
      eventSubscriptions?: string[]
      routes?: { pattern: string }[]
      schedule?: string
      invocationMode?: string
    }[]
  }
  return results.map((result) => {
    const dir = path.join(outDir, result.name)
    mkdirSync(dir, { recursive: true })
    execFileSync('unzip', ['-q', '-o', result.path, '-d', dir])
    const entry = manifest.functions.find((f) => f.name === result.name)
    return {
      name: result.name,
      zipPath: result.path,
      zipBytes: statSync(result.path).size,
      dir,
      eventSubscriptions: entry?.eventSubscriptions ?? [],
      routes: (entry?.routes ?? []).map((r) => r.pattern),
      schedule: entry?.schedule,
      invocationMode: entry?.invocationMode,
    }
  })
}

/** What a function bundle is made of: its sources, the packages' versions and netlify.toml. */
const bundleInputs = ['netlify/functions', 'src', 'packages', 'package-lock.json', 'netlify.toml']

/** The SHA-256 of every input file's path and bytes, in order: equal inputs, equal bundles. */
export function bundleSourcesHash(projectDir: string): string {
  const hash = createHash('sha256')
  const add = (relative: string) => {
    const full = path.join(projectDir, relative)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) {
        if (name === 'node_modules' || name.startsWith('.')) continue
        add(path.join(relative, name))
      }
      return
    }
    hash.update(`${relative}\u0000`)
    hash.update(readFileSync(full))
  }
  for (const input of bundleInputs) add(input)
  return hash.digest('hex')
}

/**
 * buildFunctionBundles kept under `cacheDir/<hash of the sources>`: a second run with the same
 * sources (a test run after another) unpacks nothing and bundles nothing. Bundles of other sources
 * are removed, so the folder holds one set.
 */
export async function cachedFunctionBundles(projectDir: string, cacheDir: string): Promise<FunctionBundle[]> {
  const key = bundleSourcesHash(projectDir)
  const dir = path.join(cacheDir, key)
  const list = path.join(dir, 'bundles.json')
  if (existsSync(list)) return JSON.parse(readFileSync(list, 'utf8')) as FunctionBundle[]
  mkdirSync(cacheDir, { recursive: true })
  const building = path.join(cacheDir, `${key}.building-${process.pid}`)
  rmSync(building, { recursive: true, force: true })
  const built = await buildFunctionBundles(projectDir, building)
  // Paths inside the finished folder, written last: a folder without its list is no cache.
  const bundles = built.map((b) => ({
    ...b,
    zipPath: path.join(dir, path.relative(building, b.zipPath)),
    dir: path.join(dir, path.relative(building, b.dir)),
  }))
  for (const other of readdirSync(cacheDir)) {
    if (other !== path.basename(building)) rmSync(path.join(cacheDir, other), { recursive: true, force: true })
  }
  renameSync(building, dir)
  writeFileSync(list, JSON.stringify(bundles))
  return bundles
}
