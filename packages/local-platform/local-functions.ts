import { readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Config, Context } from '@netlify/functions'

type Handler = (request: Request, context: Context) => Response | Promise<Response> | void | Promise<void>

/** One function of netlify/functions as Netlify would route it. */
export interface LocalFunction {
  name: string
  handler: Handler
  /** `config.path` patterns: the function answers there only (Netlify's rule for path functions). */
  patterns: URLPattern[]
  /** `config.excludedPath` patterns: paths of `patterns` this function leaves to another. */
  excluded: URLPattern[]
  /** `config.preferStatic`: a static file at the same path is served instead (Netlify's rule). */
  preferStatic: boolean
  /** Background functions answer 202 at once and go on working (Netlify's `-background` rule). */
  background: boolean
  /** A cron expression: Netlify calls it on a schedule; locally the schedule ticker does (schedule-ticker.ts). */
  schedule?: string
}

type FunctionModule = { default?: unknown; config?: Config; handlerFor?: (platform: unknown) => Handler }

/**
 * Loads every function of `dir` once, in this process, the way Netlify routes them: a function with
 * `config.path` answers on its paths; one without answers at /.netlify/functions/<name>; scheduled
 * and event-triggered functions (deploy-*) answer no request. Loaded once and kept: this is what
 * makes the local API fast (docs/decisions/0009-warm-local-api.md). A function that exports
 * `handlerFor(platform)` is served with `handlerFor(platform)` when a platform is given: the caller's
 * own object (what the site's code runs on locally, e.g. with its purges sent to the CDN stand-in),
 * handed over as it is and never looked into here; its default export is served otherwise.
 */
export async function loadFunctions(dir: string, platform?: unknown): Promise<LocalFunction[]> {
  const files = readdirSync(dir).filter((f) => /\.(mts|ts|mjs|js)$/.test(f))
  const loaded: LocalFunction[] = []
  for (const file of files.sort()) {
    const name = file.replace(/\.(mts|ts|mjs|js)$/, '')
    const fn = await loadFunction(path.join(dir, file), name, platform)
    if (fn) loaded.push(fn)
  }
  return loaded
}

/** One function file as Netlify would route it; undefined for event handlers (not HTTP functions). */
export async function loadFunction(file: string, name: string, platform?: unknown): Promise<LocalFunction | undefined> {
  const mod = (await import(pathToFileURL(file).href)) as FunctionModule
  if (typeof mod.default !== 'function') return undefined
  const config = mod.config ?? {}
  const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat())
  const paths = list(config.path)
  const background = name.endsWith('-background') || (config as { background?: boolean }).background === true
  return {
    name,
    handler: platform !== undefined && mod.handlerFor ? mod.handlerFor(platform) : (mod.default as Handler),
    patterns: paths.map((p) => new URLPattern({ pathname: p })),
    excluded: list(config.excludedPath as string | string[] | undefined).map((p) => new URLPattern({ pathname: p })),
    background,
    preferStatic: config.preferStatic === true,
    schedule: config.schedule,
  }
}

export interface FunctionMatch {
  fn: LocalFunction
  params: Record<string, string>
}

/** The function that answers `pathname`, as Netlify decides it. */
export function matchFunction(functions: LocalFunction[], pathname: string): FunctionMatch | undefined {
  // Netlify's own paths (/.netlify/images, ...) never reach a function's `config.path`.
  const reserved = pathname.startsWith('/.netlify/')
  for (const fn of functions) {
    if (fn.schedule) continue
    if (fn.patterns.length > 0) {
      if (reserved) continue
      if (fn.excluded.some((pattern) => pattern.test({ pathname }))) continue
      for (const pattern of fn.patterns) {
        const hit = pattern.exec({ pathname })
        if (hit) return { fn, params: cleanParams(hit.pathname.groups) }
      }
    } else if (
      pathname === `/.netlify/functions/${fn.name}` ||
      pathname.startsWith(`/.netlify/functions/${fn.name}/`)
    ) {
      return { fn, params: {} }
    }
  }
  return undefined
}

const cleanParams = (groups: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(groups).filter((e): e is [string, string] => e[1] !== undefined && !/^\d+$/.test(e[0])),
  )

/** The parts of Netlify's function context the code reads, with a local site's values. */
export function localContext(opts: {
  request: Request
  ip: string
  params: Record<string, string>
  siteUrl: string
  waitUntil: (promise: Promise<unknown>) => void
}): Context {
  const context = {
    account: { id: 'local' },
    cookies: undefined,
    deploy: { context: 'dev', id: '0', published: false },
    geo: {},
    ip: opts.ip,
    params: opts.params,
    requestId: crypto.randomUUID(),
    server: { region: 'local' },
    site: { id: 'local', name: 'local', url: opts.siteUrl },
    url: new URL(opts.request.url),
    waitUntil: opts.waitUntil,
    json: (body: unknown, init?: ResponseInit) => Response.json(body, init),
    next: () => {
      throw new Error('context.next() is for edge functions')
    },
    rewrite: () => {
      throw new Error('context.rewrite() is for edge functions')
    },
  }
  return context as unknown as Context
}
