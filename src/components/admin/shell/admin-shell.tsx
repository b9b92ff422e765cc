import { useStore } from '@nanostores/react'
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query'
import { Dialog, Tooltip } from 'radix-ui'
import { Suspense, useEffect, useState, type MouseEvent } from 'react'
import { ConfirmHost, confirmDiscard } from '../shared/confirm.tsx'
import { createAdminQueryClient } from '../shared/query-client.ts'
import { $session, logout } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { forgetUnsavedChanges, hasUnsavedChanges, useBeforeUnloadGuard } from '../shared/unsaved.ts'
import { JobProgressBanner } from './job-progress-banner.tsx'
import { pollPublishStatus } from '../shared/publish-status.ts'
import { PendingAiBanner } from './pending-ai-banner.tsx'
import { PublishBadge } from './publish-badge.tsx'
import { allTabs, tabGroups, type AdminTab } from './tabs.ts'
import { useTimeZoneQuery } from '../shared/use-time-zone.ts'
import { useTabRoute } from './use-tab-route.ts'

const queryClient = createAdminQueryClient()

/** The panel after the gate: grouped tabs (drawer on small screens), publish status, logout. */
export default function AdminShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <Shell />
        <ConfirmHost />
      </Tooltip.Provider>
    </QueryClientProvider>
  )
}

function Shell() {
  const session = useStore($session)
  const client = useQueryClient()
  const { tab, go, href } = useTabRoute()
  const [drawerOpen, setDrawerOpen] = useState(false)
  useBeforeUnloadGuard()
  // One poll of the publishing state for the whole panel: the header shows its badge twice (one
  // for wide screens, one for phones, each hidden by CSS on the other), and each had polled.
  useEffect(() => pollPublishStatus(), [])
  // Every time the panel shows is in the site's zone (shared/use-time-zone.ts): a tab waits for it
  // (one small read beside the tab's chunk), so no time shows first in UTC and then moves.
  const zone = useTimeZoneQuery()
  const zoneKnown = !zone.isPending

  // Back from an expired session: the calls that failed with 401 run again.
  useEffect(() => {
    if (session === 'open') void client.refetchQueries({ predicate: (q) => q.state.status === 'error' })
  }, [session, client])

  const open = (next: AdminTab) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setDrawerOpen(false)
    void go(next)
  }
  const nav = (
    <nav aria-label="Admin sections" className="flex flex-col gap-6">
      {tabGroups.map((group) => (
        <div key={group.label}>
          <h2 className="mb-2 px-3 text-xs font-bold tracking-wider text-gray-400 uppercase">{group.label}</h2>
          <ul className="flex flex-col gap-1">
            {group.tabs.map((t) => (
              <li key={t.id}>
                <a
                  href={href(t)}
                  onClick={open(t)}
                  aria-current={t.id === tab.id ? 'page' : undefined}
                  className="nav-link block"
                >
                  {t.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
  const Tab = tab.component
  const signOut = async () => {
    if (hasUnsavedChanges()) {
      if (!(await confirmDiscard())) return
      forgetUnsavedChanges()
    }
    try {
      await logout()
      notify.success('Logged out')
    } catch (error) {
      notify.failed('Error', 'Failed to log out', error)
    }
  }

  return (
    <div className="min-h-screen" inert={session === 'expired'}>
      {/*
        Only one row is sticky: on a phone the publish status and the tab strip scroll away with
        the page, so the sticky header stays one line high (it took 190 px of a phone's screen).
      */}
      <header className="sticky top-0 z-30 min-h-14 border-b border-line bg-ink/95 backdrop-blur">
        <div className="flex min-h-14 items-center gap-2 px-3 py-1 sm:gap-3 sm:px-4">
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger className="btn-outline lg:hidden">Menu</Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 overflow-y-auto bg-panel p-4">
                <div className="mb-4 flex items-center justify-between">
                  <Dialog.Title className="font-bold text-white">Admin menu</Dialog.Title>
                  <Dialog.Close className="btn-outline">Close</Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Choose a section of the admin panel.</Dialog.Description>
                {nav}
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <p className="truncate font-display text-base text-white uppercase sm:text-lg">
            <span className="hidden sm:inline">SimRacing Hub </span>
            <span className="text-red-400">Admin</span>
          </p>
          <div className="ml-auto flex items-center gap-2 sm:gap-4">
            <div className="hidden sm:block">
              <PublishBadge />
            </div>
            <a href="/" className="btn-outline">
              View site
            </a>
            <button type="button" className="btn-outline" onClick={signOut}>
              Log out
            </button>
          </div>
        </div>
      </header>
      <div className="border-b border-line px-4 py-2 sm:hidden">
        <PublishBadge />
      </div>
      <nav aria-label="Main sections" className="flex gap-1 overflow-x-auto border-b border-line px-2 py-2 lg:hidden">
        {allTabs
          .filter((t) => t.short)
          .map((t) => (
            <a
              key={t.id}
              href={href(t)}
              onClick={open(t)}
              aria-current={t.id === tab.id ? 'page' : undefined}
              className="nav-link shrink-0"
            >
              {t.label}
            </a>
          ))}
      </nav>
      <div className="flex">
        {/* Sticky below the header: the sections stay in reach on a long tab. */}
        <aside className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-60 shrink-0 self-start overflow-y-auto border-r border-line p-4 lg:block">
          {nav}
        </aside>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-8">
          <h1 className="sr-only">Admin panel: {tab.label}</h1>
          {/* On every tab: a job started on one tab is followed from any other. */}
          <JobProgressBanner />
          <PendingAiBanner />
          <Suspense fallback={<p role="status">Loading {tab.label}...</p>}>
            {zoneKnown ? <Tab key={tab.id} /> : <p role="status">Loading {tab.label}...</p>}
          </Suspense>
        </main>
      </div>
    </div>
  )
}
