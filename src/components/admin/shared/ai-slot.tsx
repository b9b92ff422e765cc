/**
 * A marked place for the AI parts (generators, auto-format, progress), which come with the AI
 * issue: the lead replaces each slot by name. Renders nothing visible to the owner meanwhile.
 */
export function AiSlot({ name, text }: { name: string; text: string }) {
  return <div data-ai-slot={name} hidden title={text} />
}
