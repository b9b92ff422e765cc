import type { Context } from 'hono'
import { z } from 'zod'
import { badRequest } from './errors.ts'

const idSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Invalid id.')
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'Invalid id.')

/** Route ids are positive 32-bit integers; anything else is a 400, never a database error. */
export function parseId(c: Context, name = 'id'): number {
  const result = idSchema.safeParse(c.req.param(name))
  if (!result.success) throw badRequest('Invalid id.')
  return result.data
}

export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const result = schema.safeParse(c.req.query())
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid query.')
  return result.data
}

/** Parses a JSON body; a missing or malformed body is a 400 with `message`. */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw badRequest('The request body must be JSON.')
  }
  const result = schema.safeParse(raw)
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request body.')
  return result.data
}
