import { corePublicRoutes } from './auth/guard.ts'
import { featureList } from './features/index.ts'

let every: ReadonlySet<string> | undefined
let tokenAuthorized: ReadonlySet<string> | undefined

/**
 * Every route a visitor may call without a session: the core's (src/server/auth/guard.ts) and each
 * feature's (src/server/features). The app hands it to the guard on every request; the guard itself
 * knows no feature, since the features' routes use it.
 */
export function publicRoutes(): ReadonlySet<string> {
  every ??= new Set([...corePublicRoutes, ...featureList.flatMap((f) => f.publicRoutes ?? [])])
  return every
}

/**
 * The public routes that carry their own authority (a signed token): the origin check leaves them
 * alone (src/server/auth/guard.ts). Each is also a public route.
 */
export function tokenRoutes(): ReadonlySet<string> {
  tokenAuthorized ??= new Set(featureList.flatMap((f) => f.tokenRoutes ?? []))
  return tokenAuthorized
}
