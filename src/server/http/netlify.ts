import type { Context as NetlifyContext } from '@netlify/functions'

/**
 * What the app gets as `c.env`: the function's Netlify context, passed by the function entry
 * (`app.fetch(request, { context })`) and, with the same shape, by the local runtime. Absent in
 * in-process tests that send none.
 */
export interface NetlifyBindings {
  context?: Pick<NetlifyContext, 'ip'> & Partial<NetlifyContext>
}
