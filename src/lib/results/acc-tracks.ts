/** ACC's track ids (`trackName` of a result file) and the names the lap records show. */
const accTracks: Record<string, string> = {
  barcelona: 'Circuit de Barcelona-Catalunya',
  brands_hatch: 'Brands Hatch',
  cota: 'Circuit of the Americas',
  donington: 'Donington Park',
  hungaroring: 'Hungaroring',
  imola: 'Imola',
  indianapolis: 'Indianapolis Motor Speedway',
  kyalami: 'Kyalami',
  laguna_seca: 'Laguna Seca',
  misano: 'Misano',
  monza: 'Monza',
  mount_panorama: 'Mount Panorama',
  nurburgring: 'Nürburgring',
  nurburgring_24h: 'Nürburgring 24h',
  oulton_park: 'Oulton Park',
  paul_ricard: 'Circuit Paul Ricard',
  red_bull_ring: 'Red Bull Ring',
  silverstone: 'Silverstone',
  snetterton: 'Snetterton',
  spa: 'Circuit de Spa-Francorchamps',
  suzuka: 'Suzuka',
  valencia: 'Valencia',
  watkins_glen: 'Watkins Glen',
  zandvoort: 'Zandvoort',
  zolder: 'Zolder',
}

/** 'spa' -> 'Circuit de Spa-Francorchamps'; an unknown id ('new_track_2027') -> 'New Track 2027'. */
export function accTrackName(id: string): string {
  const key = id.trim().toLowerCase()
  return (
    accTracks[key] ??
    key
      .split(/[_\s]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ')
  )
}
