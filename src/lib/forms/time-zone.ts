import { z } from 'zod'
import { isTimeZone } from '../time-zone.ts'
import { formContract } from './contract.ts'

export const timeZoneMessage = 'Please choose a time zone from the list.'

/** PUT /api/admin/time-zone: the site's time zone for the panel's times and 'Publish at' (decision 0512). */
export const timeZoneContract = formContract(
  z.object(
    { timeZone: z.string({ message: timeZoneMessage }).trim().refine(isTimeZone, timeZoneMessage) },
    { message: timeZoneMessage },
  ),
  'Error',
)

export type TimeZoneBody = z.input<typeof timeZoneContract.schema>
