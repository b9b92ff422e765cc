import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'

export interface PasswordChange {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}

/** POST /api/admin/change-password: the server ends every other session. */
export const useChangePassword = () =>
  useMutation({ mutationFn: (json: PasswordChange) => unwrap(api.admin['change-password'].$post({ json })) })
