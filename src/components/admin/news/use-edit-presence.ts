import { useCallback, useEffect, useRef, useState } from 'react'
import { nextPresence, noPresence, type Presence, type PresenceMessage } from '../../../lib/admin/edit-presence.ts'

/** The channel the panel's tabs and windows of one browser share (same origin only). */
const CHANNEL = 'simracing-admin-news-editing'
/** The versions this browser's editors saved last, by article: a recent save not listed came from elsewhere. */
const SAVES_KEY = 'simracing-admin-news-saves'
const SAVES_KEPT = 50

/** This tab's name on the channel: one per page load. */
const tab =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`

function readSaves(): Record<string, string> {
  try {
    const saves: unknown = JSON.parse(localStorage.getItem(SAVES_KEY) ?? '{}')
    return typeof saves === 'object' && saves !== null ? (saves as Record<string, string>) : {}
  } catch {
    return {}
  }
}

/** The last version of the article an editor of this browser saved (any tab), if any. */
export const savedHere = (id: number): string | undefined => readSaves()[String(id)]

/** Notes a version this browser saved (an editor's save; a new article's first). */
export function rememberSave(id: number, updatedAt: string): void {
  try {
    const saves = readSaves()
    delete saves[String(id)]
    saves[String(id)] = updatedAt
    const kept = Object.entries(saves).slice(-SAVES_KEPT)
    localStorage.setItem(SAVES_KEY, JSON.stringify(Object.fromEntries(kept)))
  } catch {
    // Storage full or refused: a recent save may then be taken for another device's; nothing breaks.
  }
}

/**
 * Tells the other tabs of this browser that this editor has article `id` open (and whether it has
 * unsaved changes, and when it saves it), and hears the same from them (src/lib/admin/edit-presence.ts).
 */
export function useEditPresence(
  id: number | null,
  dirty: boolean,
): { presence: Presence; announceSaved: (updatedAt: string) => void } {
  const [presence, setPresence] = useState<Presence>(noPresence)
  const channel = useRef<BroadcastChannel | null>(null)
  const dirtyRef = useRef(dirty)

  useEffect(() => {
    if (id === null || typeof BroadcastChannel === 'undefined') return
    const ch = new BroadcastChannel(CHANNEL)
    channel.current = ch
    const send = (message: PresenceMessage) => ch.postMessage(message)
    ch.onmessage = (event: MessageEvent<unknown>) => {
      setPresence((p) => nextPresence(p, event.data, id, tab))
      const m = event.data as Partial<PresenceMessage> | null
      if (m?.kind === 'opened' && m.id === id && m.tab !== tab) send({ kind: 'here', id, tab, dirty: dirtyRef.current })
    }
    // A tab closed or reloaded runs no cleanup: it says goodbye as the page goes.
    const leave = () => send({ kind: 'closed', id, tab })
    window.addEventListener('pagehide', leave)
    send({ kind: 'opened', id, tab })
    return () => {
      window.removeEventListener('pagehide', leave)
      leave()
      ch.close()
      channel.current = null
      setPresence(noPresence)
    }
  }, [id])

  useEffect(() => {
    dirtyRef.current = dirty
    if (id !== null) channel.current?.postMessage({ kind: 'state', id, tab, dirty } satisfies PresenceMessage)
  }, [id, dirty])

  const announceSaved = useCallback(
    (updatedAt: string) => {
      if (id === null) return
      rememberSave(id, updatedAt)
      channel.current?.postMessage({ kind: 'saved', id, tab, updatedAt } satisfies PresenceMessage)
    },
    [id],
  )
  return { presence, announceSaved }
}
