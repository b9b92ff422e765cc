import { audience } from './audience/index.ts'
import type { Feature } from './feature.ts'
import { calendar } from './calendar/index.ts'
import { channels } from './channels/index.ts'
import { newsletter } from './newsletter/index.ts'

/**
 * The site's features, each a folder of its own (docs/decisions/0027). A new feature is one folder
 * with its index.ts and one line here; the API, the guard, the scheduler's tick, the job runner and
 * the backup take it from this list. In the order their ticks run.
 */
export const features = [newsletter, calendar, audience, channels] as const

/** The same list, each as the hubs read it (their exact types matter to the API's type only). */
export const featureList: readonly Feature[] = features

export type { Feature, TickShare } from './feature.ts'
