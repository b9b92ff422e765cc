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

/**
 * The browser asks before unloading while any form is dirty. It listens to the store outside
 * React: a state here re-rendered the whole shell, tab and list on a form's first keystroke
 * (50 ms at 10,000 articles, bench:admin).
 */
export function useBeforeUnloadGuard(): void {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    const stop = $dirtyForms.subscribe((forms) => {
      if (forms.size > 0) window.addEventListener('beforeunload', ask)
      else window.removeEventListener('beforeunload', ask)
    })
    return () => {
      stop()
      window.removeEventListener('beforeunload', ask)
    }
  }, [])
}
