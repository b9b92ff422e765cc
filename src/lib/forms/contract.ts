import { z } from 'zod'

/**
 * A form contract: one write body's fields with the spec's messages (docs/decisions/0017). The
 * route parses its body with `schema` (so the typed client's input type has the required fields),
 * and the admin form checks the same schema before sending and shows the same words.
 */
export interface FormProblem {
  title: string
  description: string
}

export interface FormContract<S extends z.ZodType> {
  schema: S
  /** The toast title the spec gives this form's refusals ('Missing Information', 'Error'). */
  problemTitle: string
}

export const formContract = <S extends z.ZodType>(schema: S, problemTitle: string): FormContract<S> => ({
  schema,
  problemTitle,
})

/** The toast for a form the route would refuse, or null when it may be sent. */
export function formProblem<S extends z.ZodType>(contract: FormContract<S>, input: z.input<S>): FormProblem | null {
  const result = contract.schema.safeParse(input)
  if (result.success) return null
  return { title: contract.problemTitle, description: result.error.issues[0]?.message ?? 'Please check the form.' }
}

/**
 * A body with variants chosen by what was sent (the games form's website and Steam readings, spec
 * 001): each variant keeps its own required fields and messages, and the input type is their union.
 */
export function variants<A extends z.ZodType, B extends z.ZodType>(
  pick: (raw: Record<string, unknown>) => 'first' | 'second',
  first: A,
  second: B,
): z.ZodType<z.output<A> | z.output<B>, z.input<A> | z.input<B>> {
  return z.record(z.string(), z.unknown()).transform((raw, ctx) => {
    const result = (pick(raw) === 'first' ? first : second).safeParse(raw)
    if (result.success) return result.data as z.output<A> | z.output<B>
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
    return z.NEVER
  }) as unknown as z.ZodType<z.output<A> | z.output<B>, z.input<A> | z.input<B>>
}

/**
 * A form's state as its inputs hold it: text for every field, on/off for the switches. The
 * contract's fields accept this text (numbers, lists and dates are parsed where they enter).
 */
export type FormText<T> = { [K in keyof T]-?: [Extract<T[K], boolean>] extends [never] ? string : boolean }
