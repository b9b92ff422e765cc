import type { Context as NetlifyContext } from '@netlify/functions'

/**
 * What the app gets as `c.env`: the function's Netlify context, passed by the function entry
 * (`app.fetch(request, { context })`) and, with the same shape, by the local runtime. Absent in
 * in-process tests that send none.
 */
export interface NetlifyBindings {
  context?: Pick<NetlifyContext, 'ip'> & Partial<NetlifyContext>
}

/** Netlify's `context.waitUntil` for this request: background work that outlives the answer. */
export function waitUntilOf(c: { env?: unknown }): ((promise: Promise<unknown>) => void) | undefined {
  const context = (c.env as NetlifyBindings | undefined)?.context
  return context?.waitUntil ? (promise) => context.waitUntil!(promise) : undefined
}
