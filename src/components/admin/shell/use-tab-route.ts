import { useCallback, useEffect, useState } from 'react'
import { confirmDiscard } from '../shared/confirm.tsx'
import { forgetUnsavedChanges, hasUnsavedChanges } from '../shared/unsaved.ts'
import { tabFromUrl, type AdminTab } from './tabs.ts'

const href = (tab: AdminTab) => `/admin?tab=${tab.id}`

/**
 * The open tab lives in the address (`/admin?tab=games`) so back and forward work. Leaving a tab
 * with unsaved changes asks first; a refused back/forward puts the address back.
 */
export function useTabRoute() {
  const [tab, setTab] = useState(() => tabFromUrl(window.location.search))

  useEffect(() => {
    const onPop = async () => {
      const next = tabFromUrl(window.location.search)
      if (hasUnsavedChanges()) {
        const current = tabFromUrl(`?tab=${document.body.dataset.adminTab ?? ''}`)
        history.pushState(null, '', href(current))
        if (!(await confirmDiscard())) return
        forgetUnsavedChanges()
        history.pushState(null, '', href(next))
      }
      setTab(next)
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])

  useEffect(() => {
    document.body.dataset.adminTab = tab.id
    document.title = `${tab.label} – Admin – SimRacing Hub`
  }, [tab])

  const go = useCallback(
    async (next: AdminTab) => {
      if (next.id === tab.id) return
      if (hasUnsavedChanges()) {
        if (!(await confirmDiscard())) return
        forgetUnsavedChanges()
      }
      history.pushState(null, '', href(next))
      setTab(next)
    },
    [tab],
  )

  return { tab, go, href }
}
