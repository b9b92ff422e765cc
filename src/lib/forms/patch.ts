/**
 * What an edit form sends: the fields the owner changed, and the ones the route always needs (its
 * required fields). A field the owner did not touch is not sent, so the save cannot change it: a
 * start time shown to the minute in a datetime-local input would otherwise lose its seconds
 * (20:48:56 -> 20:48), and a live count the refresh wrote while the form was open would be put back
 * to what the form loaded (issue 25).
 */
export function editedFields<Input extends object>(
  input: Input,
  loaded: Input,
  always: readonly (keyof Input)[],
): Partial<Input> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
  const patch: Partial<Input> = {}
  for (const key of Object.keys(input) as (keyof Input)[]) {
    if (always.includes(key) || !same(input[key], loaded[key])) patch[key] = input[key]
  }
  return patch
}
