import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** The tabs of spec 001 section 2, grouped as the spec groups them; each loads as its own chunk. */
export interface AdminTab {
  id: string
  label: string
  /** Shown in the mobile tab strip. */
  short?: boolean
  component: LazyExoticComponent<ComponentType>
}

export interface TabGroup {
  label: string
  tabs: AdminTab[]
}

export const tabGroups: TabGroup[] = [
  {
    label: 'Content Management',
    tabs: [
      { id: 'games', label: 'Games', short: true, component: lazy(() => import('../games/games-tab.tsx')) },
      {
        id: 'accessories',
        label: 'Hardware',
        short: true,
        component: lazy(() => import('../hardware/hardware-tab.tsx')),
      },
      {
        id: 'championships',
        label: 'Championships',
        component: lazy(() => import('../championships/championships-tab.tsx')),
      },
      { id: 'streams', label: 'Streams', component: lazy(() => import('../streams/streams-tab.tsx')) },
      { id: 'news', label: 'News', short: true, component: lazy(() => import('../news/news-tab.tsx')) },
      { id: 'reviews', label: 'Reviews', component: lazy(() => import('../reviews/reviews-tab.tsx')) },
    ],
  },
  {
    label: 'Site Configuration',
    tabs: [
      { id: 'home-screen', label: 'Home Screen', component: lazy(() => import('../home-screen/home-screen-tab.tsx')) },
      { id: 'images', label: 'Images', short: true, component: lazy(() => import('../images/images-tab.tsx')) },
      { id: 'seo', label: 'SEO', component: lazy(() => import('../seo/seo-tab.tsx')) },
    ],
  },
  {
    label: 'System & Automation',
    tabs: [
      { id: 'scheduler', label: 'Scheduler', component: lazy(() => import('../scheduler/scheduler-tab.tsx')) },
      {
        id: 'openai-diagnostic',
        label: 'AI Diagnostics',
        component: lazy(() => import('../ai-diagnostics/ai-diagnostics-tab.tsx')),
      },
      { id: 'system-settings', label: 'System Settings', component: lazy(() => import('../system/system-tab.tsx')) },
      { id: 'activity', label: 'Activity', component: lazy(() => import('../activity/activity-tab.tsx')) },
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
