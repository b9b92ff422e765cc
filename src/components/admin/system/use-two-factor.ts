import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'

const key = ['admin', 'two-factor'] as const

/** GET /api/admin/two-factor: on or off, and how many recovery codes are left. */
export const useTwoFactor = () => useQuery({ queryKey: key, queryFn: () => unwrap(api.admin['two-factor'].$get()) })

/** A new secret with its QR code; two-factor login stays off until a code confirms it. */
export const useStartTwoFactor = () => useMutation({ mutationFn: () => unwrap(api.admin['two-factor'].setup.$post()) })

/** Turns two-factor login on: the answer carries the recovery codes, the only time they are sent. */
export function useConfirmTwoFactor() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => unwrap(api.admin['two-factor'].confirm.$post({ json: { code } })),
    onSuccess: ({ recoveryCodes: _codes, ...state }) => client.setQueryData(key, state),
  })
}

/** Back to the password alone; needs the password or a current code. */
export function useTurnOffTwoFactor() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: { password?: string; code?: string }) => unwrap(api.admin['two-factor'].disable.$post({ json })),
    onSuccess: (state) => client.setQueryData(key, state),
  })
}
