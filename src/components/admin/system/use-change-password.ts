import { useMutation } from '@tanstack/react-query'
import { send } from '../shared/http.ts'

export interface PasswordChange {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}

/** POST /api/admin/change-password: the server ends every other session. */
export const useChangePassword = () =>
  useMutation({ mutationFn: (p: PasswordChange) => send<{ message: string }>('POST', '/api/admin/change-password', p) })
