import { z } from 'zod'
import { formContract } from './contract.ts'
import { intFrom, nullableUrl, optionalText, requiredText, textOr } from './fields.ts'

export const entryRequiredMessage = 'Please fill in the driver name and position.'

const fields = {
  name: requiredText(entryRequiredMessage, 200, 'The name'),
  position: intFrom('The position', 1, 10_000, entryRequiredMessage),
  team: optionalText(200, 'The team').optional(),
  points: intFrom('Points', -100_000, 1_000_000).optional(),
  championshipType: textOr('esports', 100, 'The championship type').optional(),
  lastLap: optionalText(50, 'The last lap')
    .transform((v) => v || null)
    .optional(),
  status: optionalText(100, 'The status')
    .transform((v) => v || null)
    .optional(),
  officialUrl: nullableUrl('The official URL').optional(),
}

/** An individual championship result entry (spec 001 section 3): the driver's name and position. */
export const championshipEntryContract = formContract(z.object(fields), 'Missing Information')
/** An update may leave the position as it is. */
export const championshipEntryUpdateContract = formContract(
  z.object({ ...fields, position: fields.position.optional() }),
  'Missing Information',
)

export type ChampionshipEntryBody = z.input<typeof championshipEntryContract.schema>
export type ChampionshipEntryValues = z.output<typeof championshipEntryContract.schema>
