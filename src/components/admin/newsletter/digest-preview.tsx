import { useState } from 'react'
import { checkEmailAddress } from '../../../lib/newsletter/email-address.ts'
import type { PanelTime } from '../../../lib/panel-time.ts'
import { TextField } from '../../ui/text-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { DigestPlanForm } from './digest-plan-form.tsx'
import { usePreview, useSendTest } from './use-newsletter.ts'

/**
 * The next digest as it would go out now (its period's articles, or the latest ones when nothing
 * is new), the owner's intro and order of its articles (decision 0874), shown as the email, and
 * 'Send test to me' to an address the owner types.
 */
export function DigestPreview({ time, configured }: { time: PanelTime; configured: boolean }) {
  const [open, setOpen] = useState(false)
  const preview = usePreview(open)
  const [email, setEmail] = useState('')
  const send = useSendTest()
  const sendTest = (event: React.FormEvent) => {
    event.preventDefault()
    if (send.isPending) return
    const check = checkEmailAddress(email)
    if (!check.ok) return notify.failure('Error', check.message)
    send.mutate(check.address, {
      onSuccess: (answer) => notify.success('Test Sent', answer.message),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failure('Test Not Sent', failureDetail(error))
      },
    })
  }
  return (
    <section
      aria-labelledby="digest-preview-title"
      className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5"
    >
      <h3 id="digest-preview-title" className="text-lg font-bold text-white">
        Next digest
      </h3>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-outline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide Preview' : 'Preview Digest'}
        </button>
      </div>
      {open &&
        (preview.isPending ? (
          <p className="text-gray-300">Loading preview...</p>
        ) : preview.isError ? (
          <p className="text-red-300">Error loading the preview.</p>
        ) : (
          <div className="flex flex-col gap-3">
            {preview.data.empty ? (
              <p role="note" className="rounded border border-amber-700 bg-amber-950/40 p-3 text-sm text-amber-100">
                Nothing was published since the last digest: the next one will not be sent unless new articles are
                published. This preview shows the latest articles instead.
              </p>
            ) : (
              <p className="text-sm text-gray-300">
                {preview.data.articles.length} {preview.data.articles.length === 1 ? 'article' : 'articles'} published
                since {time.dateTime(preview.data.periodStart)}.
              </p>
            )}
            {preview.data.held && (
              <p role="alert" className="rounded border border-red-700 bg-red-950/40 p-3 text-sm text-red-100">
                {preview.data.held}
              </p>
            )}
            <DigestPlanForm
              key={`${preview.data.rows.map((r) => `${r.id}${r.included ? '+' : '-'}`).join(',')}|${preview.data.plan.intro}`}
              preview={preview.data}
            />
            <p className="text-white">
              Subject: <strong>{preview.data.subject}</strong>
            </p>
            <iframe
              title="Preview of the digest email"
              sandbox=""
              srcDoc={preview.data.html}
              className="h-[32rem] w-full max-w-2xl rounded-lg border border-line bg-white"
            />
          </div>
        ))}
      <form onSubmit={sendTest} className="flex flex-wrap items-end gap-3">
        <TextField
          label="Your email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          className="min-w-64"
          hint="The digest as it would go out now, its subject marked [Test]."
        />
        <button
          type="submit"
          className="btn-primary"
          disabled={!configured || send.isPending}
          aria-busy={send.isPending}
        >
          {send.isPending ? 'Sending...' : 'Send Test to Me'}
        </button>
      </form>
    </section>
  )
}
