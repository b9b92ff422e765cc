import { z } from 'zod'
import { formContract } from './contract.ts'
import { optionalText, requiredText } from './fields.ts'

export const driverNameMessage = 'Please fill in the driver name.'
const pointsMessage = 'Points must be a number.'

const pointsField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,7}(\.\d{1,3})?$/, pointsMessage),
    ],
    { message: pointsMessage },
  )
  .transform(Number)
  .refine((n) => Number.isFinite(n) && Math.abs(n) <= 10_000_000, pointsMessage)

/** A driver row of an AI standings set, edited inline (spec 001 section 7: driverData). */
export const driverFields = z.object(
  {
    driverName: requiredText(driverNameMessage, 200, 'The driver name'),
    team: optionalText(200, 'The team'),
    points: pointsField,
  },
  { message: driverNameMessage },
)

/** The inline edit sends { driverData, championshipId, driverIndex }; a flat body is accepted too. */
export const standingsDriverContract = formContract(
  z.union([z.object({ driverData: driverFields }, { message: driverNameMessage }), driverFields], {
    message: driverNameMessage,
  }),
  'Missing Information',
)

export type DriverData = z.input<typeof driverFields>
export type StandingsDriverBody = z.input<typeof standingsDriverContract.schema>
