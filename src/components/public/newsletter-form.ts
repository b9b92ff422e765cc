import { checkEmailAddress } from '../../lib/newsletter/email-address.ts'

/**
 * The sign-up forms (newsletter-form.astro) without leaving the page: the address is checked with
 * the API's own rule, the form is sent in the background, and the answer is said in the form's
 * status line. Until this runs (or without JavaScript) the form posts as a plain form and works.
 */
export function initNewsletterForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter-form]')) {
    if (form.dataset.ready) continue
    form.dataset.ready = 'true'
    const input = form.querySelector<HTMLInputElement>('input[name="email"]')!
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
    const status = form.querySelector<HTMLElement>('[data-newsletter-status]')!
    const say = (text: string, problem: boolean) => {
      status.textContent = text
      status.classList.toggle('text-red-300', problem)
      if (problem) input.setAttribute('aria-invalid', 'true')
      else input.removeAttribute('aria-invalid')
    }
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      if (button.disabled) return
      const check = checkEmailAddress(input.value)
      if (!check.ok) {
        say(check.message, true)
        input.focus()
        return
      }
      button.disabled = true
      button.setAttribute('aria-busy', 'true')
      try {
        const fields = [...new FormData(form)].map(([name, value]) => [name, String(value)])
        const res = await fetch(form.action, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        })
        const answer = (await res.json().catch(() => null)) as { message?: unknown } | null
        const message = typeof answer?.message === 'string' ? answer.message : 'Something went wrong. Please try again.'
        say(message, !res.ok)
        if (res.ok) input.value = ''
      } catch {
        say('The site could not be reached. Please try again.', true)
      } finally {
        button.disabled = false
        button.removeAttribute('aria-busy')
      }
    })
  }
}
