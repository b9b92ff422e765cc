/** Notes of the empty states that point to the admin panel (spec 000 section 8). */
export const STANDINGS_NOTE = 'Standings appear here when championships are generated through the admin panel.'
export const STREAMS_NOTE = 'Live streams appear here when added through the admin panel.'
