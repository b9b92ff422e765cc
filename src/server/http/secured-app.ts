import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { isProduction } from '../../env.server.ts'
import { errorResponse } from './errors.ts'
import type { NetlifyBindings } from './netlify.ts'

/**
 * Every app the API's function serves starts here (the API under /api, the counted links under
 * /go/): the same security headers on every answer, and the one error mapper. Their answers are
 * JSON or redirects, never pages: nothing may frame, embed or post them.
 */
export function securedApp() {
  return new Hono<{ Bindings: NetlifyBindings }>()
    .use(
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'none'"],
        },
        strictTransportSecurity: isProduction ? 'max-age=63072000; includeSubDomains' : false,
        referrerPolicy: 'strict-origin-when-cross-origin',
        crossOriginResourcePolicy: 'same-origin',
        xFrameOptions: 'DENY',
      }),
    )
    .onError(errorResponse)
}
