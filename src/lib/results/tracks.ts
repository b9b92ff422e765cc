import { accTrackName } from './acc-tracks.ts'

/**
 * One name per circuit (docs/decisions/0424). The games name a circuit in several ways: ACC by an
 * id that carries the year of its laser scan (`silverstone_2019`, `spa_2020`), LMU and rFactor 2 by
 * a venue (`TrackVenue`) and a layout (`TrackCourse`), each mod its own spelling. The circuit gets
 * one name, the lap records and standings group by it, and the year or layout is kept beside it as
 * the variant.
 */
export interface TrackName {
  track: string
  /** The year or layout of this version ('2019', 'Sebring School Circuit'); '' when none. */
  variant: string
}

/** Words folded for comparison: case, accents, punctuation and spacing do not make two circuits. */
export const foldName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/** Other spellings of circuits the games and mods use, folded, and the one name shown. */
const aliases: Record<string, string> = {
  spa: 'Circuit de Spa-Francorchamps',
  'spa francorchamps': 'Circuit de Spa-Francorchamps',
  'circuit de spa francorchamps': 'Circuit de Spa-Francorchamps',
  'le mans': 'Circuit de la Sarthe',
  'circuit de la sarthe': 'Circuit de la Sarthe',
  'circuit des 24 heures du mans': 'Circuit de la Sarthe',
  monza: 'Monza',
  'autodromo nazionale monza': 'Monza',
  'autodromo nazionale di monza': 'Monza',
  sebring: 'Sebring International Raceway',
  'sebring international raceway': 'Sebring International Raceway',
  portimao: 'Algarve International Circuit',
  'algarve international circuit': 'Algarve International Circuit',
  'autodromo internacional do algarve': 'Algarve International Circuit',
  fuji: 'Fuji Speedway',
  'fuji speedway': 'Fuji Speedway',
  bahrain: 'Bahrain International Circuit',
  'bahrain international circuit': 'Bahrain International Circuit',
  imola: 'Imola',
  'autodromo enzo e dino ferrari': 'Imola',
  'autodromo internazionale enzo e dino ferrari': 'Imola',
  cota: 'Circuit of the Americas',
  'circuit of the americas': 'Circuit of the Americas',
  qatar: 'Lusail International Circuit',
  lusail: 'Lusail International Circuit',
  losail: 'Lusail International Circuit',
  'lusail international circuit': 'Lusail International Circuit',
  'losail international circuit': 'Lusail International Circuit',
  interlagos: 'Interlagos',
  'autodromo jose carlos pace': 'Interlagos',
  silverstone: 'Silverstone',
  'silverstone circuit': 'Silverstone',
  'paul ricard': 'Circuit Paul Ricard',
  'circuit paul ricard': 'Circuit Paul Ricard',
  barcelona: 'Circuit de Barcelona-Catalunya',
  'circuit de barcelona catalunya': 'Circuit de Barcelona-Catalunya',
  'circuit de catalunya': 'Circuit de Barcelona-Catalunya',
  nurburgring: 'Nürburgring',
  'nurburgring gp': 'Nürburgring',
  'red bull ring': 'Red Bull Ring',
  zandvoort: 'Zandvoort',
  'circuit zandvoort': 'Zandvoort',
}

/** A year at the end of a name or id: the version of a laser scan, not another circuit. */
const trailingYear = /^(.*?)[\s_-]+((?:19|20)\d\d)$/

/** The one name of a circuit a venue names (its alias, else the venue as written). */
export function circuitName(venue: string): string {
  const written = venue.trim().replace(/\s+/g, ' ')
  return aliases[foldName(written)] ?? written
}

/** ACC: 'silverstone_2019' -> Silverstone, variant 2019; 'spa' -> Circuit de Spa-Francorchamps. */
export function accTrack(id: string): TrackName {
  const key = id.trim().toLowerCase()
  const year = trailingYear.exec(key)
  const base = year ? year[1]! : key
  return { track: circuitName(accTrackName(base)), variant: year ? year[2]! : '' }
}

/**
 * LMU / rFactor 2: the venue is the circuit; the layout (`TrackCourse`) is its variant when it says
 * more than the venue, and a year at the end of the venue is one too.
 */
export function lmuTrack(venue: string, course: string): TrackName {
  const year = trailingYear.exec(venue.trim())
  const track = circuitName(year ? year[1]! : venue)
  const layout = course.trim().replace(/\s+/g, ' ')
  const same = (a: string) => foldName(a) === foldName(layout)
  const variant = !layout || same(venue) || same(track) ? (year ? year[2]! : '') : layout
  return { track, variant }
}
