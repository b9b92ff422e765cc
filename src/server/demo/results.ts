/** Individual championship entries (spec 001 "championship result entry") with their last laps. */
export interface DemoResult {
  name: string
  team: string
  points: number
  position: number
  championshipType: string
  lastLap: string | null
  status: string
  officialUrl: string | null
}

export const demoResults: DemoResult[] = [
  {
    name: 'Jarno Opmeer',
    team: 'Redline',
    points: 186,
    position: 1,
    championshipType: 'esports',
    lastLap: '1:31.842',
    status: 'Finished',
    officialUrl: 'https://www.f1esports.com',
  },
  {
    name: 'Lucas Blakeley',
    team: 'Williams Esports',
    points: 171,
    position: 2,
    championshipType: 'esports',
    lastLap: '1:31.907',
    status: 'Finished',
    officialUrl: 'https://www.f1esports.com',
  },
  {
    name: 'Frederik Rasmussen',
    team: 'Oracle Red Bull Sim Racing',
    points: 158,
    position: 3,
    championshipType: 'esports',
    lastLap: '1:32.015',
    status: 'Finished',
    officialUrl: 'https://www.f1esports.com',
  },
  {
    name: 'Marcel Kiefer',
    team: 'Team Redline',
    points: 140,
    position: 4,
    championshipType: 'esports',
    lastLap: '1:32.114',
    status: 'Finished',
    officialUrl: null,
  },
  {
    name: 'Cedric Thomé',
    team: 'Mercedes-AMG Petronas Esports',
    points: 129,
    position: 5,
    championshipType: 'esports',
    lastLap: '1:32.260',
    status: 'Finished',
    officialUrl: null,
  },
  {
    name: 'Chris Lulham',
    team: 'Veloce Esports',
    points: 118,
    position: 6,
    championshipType: 'esports',
    lastLap: '1:32.301',
    status: 'Finished',
    officialUrl: null,
  },
  {
    name: 'Nicolas Longuet',
    team: 'Alpine Esports',
    points: 97,
    position: 7,
    championshipType: 'esports',
    lastLap: 'DNF',
    status: 'Retired',
    officialUrl: null,
  },
  {
    name: 'Erhan Jajovski',
    team: 'Coanda Simsport',
    points: 212,
    position: 1,
    championshipType: 'gt3',
    lastLap: '2:17.402',
    status: 'Finished',
    officialUrl: null,
  },
  {
    name: 'Kevin Siggy',
    team: 'Team Redline',
    points: 198,
    position: 2,
    championshipType: 'gt3',
    lastLap: '2:17.655',
    status: 'Finished',
    officialUrl: null,
  },
  {
    name: 'Risto Kappet',
    team: 'BS+COMPETITION',
    points: 181,
    position: 3,
    championshipType: 'gt3',
    lastLap: '2:17.921',
    status: 'Pit',
    officialUrl: null,
  },
]
