import type { ComponentType, LazyExoticComponent } from 'react'
import { preloadable } from '../shared/preloadable.ts'

/** The tabs of spec 001 section 2, grouped as the spec groups them; each loads as its own chunk. */
export interface AdminTab {
  id: string
  label: string
  /** Shown in the mobile tab strip. */
  short?: boolean
  component: LazyExoticComponent<ComponentType>
  /** Loads the tab's chunk ahead of its first render (the gate does it while the password is typed). */
  load: () => Promise<unknown>
}

const chunk = preloadable

export interface TabGroup {
  label: string
  tabs: AdminTab[]
}

export const tabGroups: TabGroup[] = [
  {
    label: 'Content Management',
    tabs: [
      { id: 'games', label: 'Games', short: true, ...chunk(() => import('../games/games-tab.tsx')) },
      {
        id: 'accessories',
        label: 'Hardware',
        short: true,
        ...chunk(() => import('../accessories/accessories-tab.tsx')),
      },
      {
        id: 'championships',
        label: 'Championships',
        ...chunk(() => import('../championships/championships-tab.tsx')),
      },
      { id: 'streams', label: 'Streams', ...chunk(() => import('../streams/streams-tab.tsx')) },
      { id: 'news', label: 'News', short: true, ...chunk(() => import('../news/news-tab.tsx')) },
      { id: 'reviews', label: 'Reviews', ...chunk(() => import('../reviews/reviews-tab.tsx')) },
    ],
  },
  {
    label: 'Site Configuration',
    tabs: [
      { id: 'home-screen', label: 'Home Screen', ...chunk(() => import('../home-screen/home-screen-tab.tsx')) },
      { id: 'images', label: 'Images', short: true, ...chunk(() => import('../images/images-tab.tsx')) },
      { id: 'seo', label: 'SEO', ...chunk(() => import('../seo/seo-tab.tsx')) },
      // Its chart library comes with it, loaded only when the tab is opened (docs/decisions/0854).
      { id: 'audience', label: 'Audience', ...chunk(() => import('../audience/audience-tab.tsx')) },
    ],
  },
  {
    label: 'System & Automation',
    tabs: [
      { id: 'scheduler', label: 'Scheduler', ...chunk(() => import('../scheduler/scheduler-tab.tsx')) },
      {
        id: 'openai-diagnostic',
        label: 'AI Diagnostics',
        ...chunk(() => import('../ai-diagnostics/ai-diagnostics-tab.tsx')),
      },
      { id: 'newsletter', label: 'Newsletter', ...chunk(() => import('../newsletter/newsletter-tab.tsx')) },
      { id: 'channels', label: 'Channels', ...chunk(() => import('../channels/channels-tab.tsx')) },
      { id: 'system-settings', label: 'System Settings', ...chunk(() => import('../system/system-tab.tsx')) },
      { id: 'activity', label: 'Activity', ...chunk(() => import('../activity/activity-tab.tsx')) },
    ],
  },
]

export const allTabs = tabGroups.flatMap((g) => g.tabs)
export const defaultTab = 'games'

/** The tab named in the address (`/admin?tab=games`), or the default. */
export function tabFromUrl(search: string): AdminTab {
  const id = new URLSearchParams(search).get('tab')
  return allTabs.find((t) => t.id === id) ?? allTabs.find((t) => t.id === defaultTab)!
}

/** Starts loading the chunk of the tab the address names, so that it is there when the gate opens. */
export function preloadTab(search: string): void {
  void tabFromUrl(search).load()
}
