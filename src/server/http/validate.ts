import type { Context, Env, MiddlewareHandler } from 'hono'
import { validator } from 'hono/validator'
import { z } from 'zod'
import { badRequest } from './errors.ts'

const idSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Invalid id.')
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'Invalid id.')

/** Route ids are positive 32-bit integers; anything else is a 400, never a database error. */
function parseId(c: Context, name = 'id'): number {
  const result = idSchema.safeParse(c.req.param(name))
  if (!result.success) throw badRequest('Invalid id.')
  return result.data
}

/** The ids as the client sends them (with the path's other params) and as the handler reads them. */
type IdParams<N extends string> = {
  in: { param: Record<N, string> & Record<string, string> }
  out: { param: Record<N, number> }
}

/**
 * Route middleware: the path's ids parsed where they enter (`c.req.valid('param').id` is a number),
 * so a handler never sees a bad id and the typed client knows the route takes them.
 */
export function idParams<N extends string = 'id', E extends Env = Env, P extends string = string>(
  ...names: N[]
): MiddlewareHandler<E, P, IdParams<N>> {
  const keys = names.length ? names : (['id'] as N[])
  return validator('param', (_value, c) => {
    const ids = {} as Record<N, number>
    for (const name of keys) ids[name] = parseId(c, name)
    return ids
  }) as unknown as MiddlewareHandler<E, P, IdParams<N>>
}

const firstMessage = (error: z.ZodError, fallback: string) => error.issues[0]?.message ?? fallback

/** Keys a `.partial()` schema left undefined are dropped: an update touches only what was sent. */
function withoutUndefined<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const key of Object.keys(value))
      if ((value as Record<string, unknown>)[key] === undefined) delete (value as Record<string, unknown>)[key]
  }
  return value
}

/**
 * The one body parser: the JSON body parsed with `schema` where it enters. Whatever the declared
 * content type, the body must be a JSON object (`message` otherwise); a schema failure answers its
 * first issue's message (the spec's words), so a rejected request reaches no handler.
 */
async function parseJsonBody<T extends z.ZodType>(c: Context, schema: T, message: string): Promise<z.output<T>> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw badRequest('The request body must be JSON.')
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest(message)
  const result = await schema.safeParseAsync(raw)
  if (!result.success) throw badRequest(firstMessage(result.error, message))
  return withoutUndefined(result.data)
}

/**
 * Route middleware: `c.req.valid('json')` in the handler is the parsed body, and the route's type
 * carries the body's input shape, so the typed client (src/lib/api-client.ts) knows what to send.
 */
export function jsonBody<T extends z.ZodType, E extends Env = Env, P extends string = string>(
  schema: T,
  message = 'The request body must be a JSON object.',
): MiddlewareHandler<E, P, { in: { json: z.input<T> }; out: { json: z.output<T> } }> {
  return validator('json', (_value, c) => parseJsonBody(c, schema, message)) as unknown as MiddlewareHandler<
    E,
    P,
    { in: { json: z.input<T> }; out: { json: z.output<T> } }
  >
}

/** Route middleware for the query string, typed like `jsonBody`. */
export function queryParams<T extends z.ZodType, E extends Env = Env, P extends string = string>(
  schema: T,
): MiddlewareHandler<E, P, { in: { query: z.input<T> }; out: { query: z.output<T> } }> {
  return validator('query', (_value, c) => {
    const result = schema.safeParse(c.req.query())
    if (!result.success) throw badRequest(firstMessage(result.error, 'Invalid query.'))
    return result.data
  }) as unknown as MiddlewareHandler<E, P, { in: { query: z.input<T> }; out: { query: z.output<T> } }>
}
