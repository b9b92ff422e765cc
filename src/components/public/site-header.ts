import { newsSearchUrl } from '../../lib/navigation.ts'
import { saveSearchSpelling } from '../../lib/scroll-memory.ts'

/** Header behaviour (spec 000 section 2), without React: search, mobile menu, logo. */
export function initSiteHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]')
  if (!header) return

  // Search: a full page load to /news?search=<trimmed, encoded>; blank input is ignored.
  for (const form of header.querySelectorAll<HTMLFormElement>('form[data-news-search]')) {
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const input = form.querySelector<HTMLInputElement>('input[name="search"]')
      const url = newsSearchUrl(input?.value ?? '')
      if (!url) return
      saveSearchSpelling(window.sessionStorage, input?.value ?? '')
      window.location.assign(url)
    })
  }

  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]')
  const menu = document.getElementById('mobile-menu')
  const setOpen = (open: boolean) => {
    if (!toggle || !menu) return
    menu.hidden = !open
    toggle.setAttribute('aria-expanded', String(open))
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu')
    toggle.querySelector('[data-icon-open]')?.classList.toggle('hidden', open)
    toggle.querySelector('[data-icon-close]')?.classList.toggle('hidden', !open)
  }
  toggle?.addEventListener('click', () => setOpen(menu?.hidden ?? false))
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu && !menu.hidden) {
      setOpen(false)
      toggle?.focus()
    }
  })
  // A link in the menu closes it and scrolls to the top.
  for (const link of header.querySelectorAll<HTMLAnchorElement>('[data-menu-link]')) {
    link.addEventListener('click', () => {
      setOpen(false)
      window.scrollTo({ top: 0 })
    })
  }

  // The logo on Home scrolls smoothly to the top instead of reloading.
  header.querySelector<HTMLAnchorElement>('[data-logo]')?.addEventListener('click', (event) => {
    if (window.location.pathname !== '/') return
    event.preventDefault()
    window.scrollTo({ top: 0, behavior: 'smooth' })
  })

  // Footer quick links scroll to the top.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-scroll-top]')) {
    link.addEventListener('click', () => window.scrollTo({ top: 0 }))
  }
}
