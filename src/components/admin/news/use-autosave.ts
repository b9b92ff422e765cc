import { useEffect, useRef } from 'react'

/** Seconds of quiet after the last change before a draft is saved by itself (decision 0511). */
export const AUTOSAVE_QUIET_MS = 3000

/**
 * Calls `save` once the form has been quiet for AUTOSAVE_QUIET_MS while `ready` (a draft, changed,
 * complete enough to save, no save or conflict under way). Each change of `changes` starts the
 * quiet period again.
 */
export function useAutosave(ready: boolean, changes: unknown, save: () => void): void {
  const saveRef = useRef(save)
  useEffect(() => {
    saveRef.current = save
  }, [save])
  useEffect(() => {
    if (!ready) return
    const timer = setTimeout(() => saveRef.current(), AUTOSAVE_QUIET_MS)
    return () => clearTimeout(timer)
  }, [ready, changes])
}
