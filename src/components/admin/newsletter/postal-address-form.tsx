import { useState } from 'react'
import { formProblem } from '../../../lib/forms/contract.ts'
import { POSTAL_ADDRESS_MAX, postalAddressContract } from '../../../lib/newsletter/digest-plan.ts'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { useSavePostalAddress } from './use-newsletter.ts'

/**
 * The sender's postal address, at the foot of every digest (CAN-SPAM asks for one; decision 0874):
 * once the list has `requiredFrom` subscribers, no digest goes out without it.
 */
export function PostalAddressForm({
  saved,
  requiredFrom,
  confirmed,
}: {
  saved: string
  requiredFrom: number
  /** Confirmed subscribers now: from `requiredFrom` on, a digest waits for the address. */
  confirmed: number
}) {
  const [address, setAddress] = useState(saved)
  const save = useSavePostalAddress()
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const problem = formProblem(postalAddressContract, { postalAddress: address })
    if (problem) return notify.failure(problem.title, problem.description)
    save.mutate(address, {
      onSuccess: () => notify.success('Address Saved', 'Every digest now ends with this address.'),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failure('Address Not Saved', failureDetail(error))
      },
    })
  }
  return (
    <section
      aria-labelledby="postal-address-title"
      className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-5"
    >
      <h3 id="postal-address-title" className="text-lg font-bold text-white">
        Sender
      </h3>
      <p className="text-sm text-gray-300">
        The law of many countries (CAN-SPAM in the United States) asks every newsletter for the sender&apos;s postal
        address. It goes at the foot of every digest; from {requiredFrom.toLocaleString('en-US')} subscribers on, the
        digest is not sent without it.
      </p>
      {confirmed >= requiredFrom && saved.trim() === '' && (
        <p role="alert" className="rounded border border-red-700 bg-red-950/40 p-3 text-sm text-red-100">
          The list has {confirmed.toLocaleString('en-US')} subscribers: no digest is sent until the postal address is
          saved.
        </p>
      )}
      <form onSubmit={submit} className="flex flex-col gap-3">
        <TextareaField
          label="Postal address"
          value={address}
          onChange={setAddress}
          rows={3}
          maxLength={POSTAL_ADDRESS_MAX}
        />
        <div>
          <button type="submit" className="btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Address'}
          </button>
        </div>
      </form>
    </section>
  )
}
