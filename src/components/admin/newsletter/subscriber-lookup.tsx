import { useState } from 'react'
import { checkEmailAddress } from '../../../lib/newsletter/email-address.ts'
import type { PanelTime } from '../../../lib/panel-time.ts'
import { TextField } from '../../ui/text-field.tsx'
import { confirmAction } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { useErase, useLookup } from './use-newsletter.ts'

const statusLabel = { pending: 'Pending', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed', bounced: 'Bounced' }

/** An erasure or access request: find an address, see what is kept of it, remove it with its consents. */
export function SubscriberLookup({ time }: { time: PanelTime }) {
  const [email, setEmail] = useState('')
  const lookup = useLookup()
  const erase = useErase()
  const find = (event: React.FormEvent) => {
    event.preventDefault()
    const check = checkEmailAddress(email)
    if (!check.ok) return notify.failure('Error', check.message)
    lookup.mutate(check.address, {
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failure('Error', failureDetail(error))
      },
    })
  }
  const found = lookup.data?.subscriber
  const remove = async () => {
    if (!found) return
    const ok = await confirmAction({
      title: 'Remove this address?',
      description: `${found.email} and the record of its consent are deleted for good, as an erasure request asks. It will get no more email.`,
      action: 'Remove Address',
    })
    if (!ok) return
    erase.mutate(found.id, {
      onSuccess: () => {
        notify.success('Address Removed', `${found.email} and its consent record were deleted.`)
        lookup.reset()
        setEmail('')
      },
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failure('Error', failureDetail(error))
      },
    })
  }
  return (
    <section aria-labelledby="lookup-title" className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5">
      <h3 id="lookup-title" className="text-lg font-bold text-white">
        Find an address
      </h3>
      <form onSubmit={find} className="flex flex-wrap items-end gap-3">
        <TextField
          label="Email address"
          type="email"
          value={email}
          onChange={setEmail}
          className="min-w-64"
          hint="For a request to see or erase what is kept of an address."
        />
        <button type="submit" className="btn-outline" disabled={lookup.isPending}>
          Find
        </button>
      </form>
      <div aria-live="polite">
        {lookup.isSuccess && !found && <p className="text-gray-300">This address is not on the list.</p>}
        {found && (
          <div className="flex flex-col gap-2 text-sm">
            <p className="text-white">
              <strong>{found.email}</strong>: {statusLabel[found.status]}, signed up {time.dateTime(found.createdAt)}
              {found.confirmedAt && `, confirmed ${time.dateTime(found.confirmedAt)}`}
              {found.bounceReason && ` (${found.bounceReason})`}
            </p>
            {found.consents.length > 0 && (
              <ul className="list-inside list-disc text-gray-300">
                {found.consents.map((c) => (
                  <li key={c.id}>
                    {time.dateTime(c.createdAt)} on {c.page}: &quot;{c.text}&quot;{' '}
                    {c.confirmedAt ? `confirmed ${time.dateTime(c.confirmedAt)}` : 'not confirmed'}
                  </li>
                ))}
              </ul>
            )}
            <div>
              <button type="button" className="btn-outline" disabled={erase.isPending} onClick={() => void remove()}>
                Remove Address
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  )
}
