import { useStore } from '@nanostores/react'
import { atom } from 'nanostores'
import { useEffect, useId } from 'react'

/** Forms with unsaved changes, by form id: the shell asks before leaving while any is listed. */
export const $dirtyForms = atom<ReadonlySet<string>>(new Set())

function setDirty(id: string, dirty: boolean) {
  const current = $dirtyForms.get()
  if (current.has(id) === dirty) return
  const next = new Set(current)
  if (dirty) next.add(id)
  else next.delete(id)
  $dirtyForms.set(next)
}

/** Registers a form's dirty flag while it is mounted; the browser also asks before unloading. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId()
  useEffect(() => {
    setDirty(id, dirty)
    return () => setDirty(id, false)
  }, [id, dirty])
}

export const hasUnsavedChanges = () => $dirtyForms.get().size > 0
export const forgetUnsavedChanges = () => $dirtyForms.set(new Set())

export function useBeforeUnloadGuard(): void {
  const dirty = useStore($dirtyForms)
  useEffect(() => {
    if (dirty.size === 0) return
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])
}
