import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
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
