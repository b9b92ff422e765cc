import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { refresh } from '../shared/refresh.ts'
import { jobsKey, startedJobs } from '../shared/use-jobs.ts'

/** The Newsletter tab's reads (GET /api/admin/newsletter...): read afresh each time the tab opens. */
export const newsletterKey = ['admin', 'newsletter'] as const

export const useNewsletter = () =>
  useQuery({ queryKey: newsletterKey, queryFn: () => unwrap(api.admin.newsletter.$get()), staleTime: 0 })

export type NewsletterOverview = NonNullable<ReturnType<typeof useNewsletter>['data']>
export type NewsletterDigest = NewsletterOverview['digests'][number]

/** The digest a tick would make now; fetched when the owner asks for the preview. */
export const usePreview = (enabled: boolean) =>
  useQuery({
    queryKey: [...newsletterKey, 'preview'],
    queryFn: () => unwrap(api.admin.newsletter.preview.$get()),
    enabled,
    staleTime: 0,
  })

export type DigestPreviewData = NonNullable<ReturnType<typeof usePreview>['data']>

/** The owner's shape of the next digest (decision 0874); the answer is the preview made with it. */
export function useSavePlan() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (plan: { intro: string; order: number[]; dropped: number[] }) =>
      unwrap(api.admin.newsletter['next-digest'].$put({ json: plan })),
    onSuccess: (preview) => client.setQueryData([...newsletterKey, 'preview'], preview),
  })
}

/** The sender's postal address, in every digest's footer. */
export function useSavePostalAddress() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (postalAddress: string) =>
      unwrap(api.admin.newsletter['postal-address'].$put({ json: { postalAddress } })),
    onSuccess: () => refresh(client, newsletterKey),
  })
}

export const useSendTest = () =>
  useMutation({ mutationFn: (email: string) => unwrap(api.admin.newsletter.test.$post({ json: { email } })) })

/** One address's record, looked up for an erasure or access request. */
export function useLookup() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.admin.newsletter.subscribers.$get({ query: { email } })),
  })
}

export function useErase() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(api.admin.newsletter.subscribers[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: () => refresh(client, newsletterKey),
  })
}

/** Resend or skip the recipients a stopped sender left claimed; a resend starts a job the banner shows. */
export function useDecideInDoubt() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, choice }: { id: number; choice: 'resend' | 'skip' }) =>
      unwrap(api.admin.newsletter.digests[':id']['in-doubt'].$post({ param: { id: String(id) }, json: { choice } })),
    onSuccess: (answer) => {
      if (answer.job) startedJobs.add(answer.job.id)
      return refresh(client, newsletterKey, jobsKey)
    },
  })
}

export function useResumeDigest() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(api.admin.newsletter.digests[':id'].resume.$post({ param: { id: String(id) } })),
    onSuccess: (answer) => {
      if (answer.job) startedJobs.add(answer.job.id)
      return refresh(client, newsletterKey, jobsKey)
    },
  })
}
