/** The pages with their own SEO settings (spec 000 section 2), and what they say until the owner edits them. */
export const seoPages = ['home', 'games', 'championships', 'accessories', 'news', 'streams', 'reviews'] as const
export type SeoPage = (typeof seoPages)[number]

export interface SeoFields {
  title: string
  description: string
  keywords: string
}

export const seoDefaults: Record<SeoPage, SeoFields> = {
  home: {
    title: 'SimRacing Hub – Sim Racing Games, Gear, Championships & Motorsport News',
    description:
      'The ultimate destination for sim racing enthusiasts. Discover games, gear, championships, and the latest motorsport news.',
    keywords: 'sim racing, racing simulator, motorsport news, sim racing hardware, esports',
  },
  games: {
    title: 'Sim Racing Games – SimRacing Hub',
    description:
      'The best sim racing games and simulators, from iRacing to Assetto Corsa Competizione, with ratings and links.',
    keywords: 'sim racing games, racing simulators, iRacing, Assetto Corsa, rFactor 2',
  },
  championships: {
    title: 'Championship Standings – SimRacing Hub',
    description: 'Current standings of the top motorsport and sim racing championships: the top 3 drivers of each.',
    keywords: 'championship standings, F1 standings, IndyCar, WEC, sim racing leagues',
  },
  accessories: {
    title: 'Racing Hardware – Wheels, Pedals & Cockpits – SimRacing Hub',
    description:
      'Professional-grade sim racing equipment: wheel bases, wheels, pedals, cockpits and more, with purchase links.',
    keywords: 'sim racing hardware, direct drive wheel, load cell pedals, sim rig, cockpit',
  },
  news: {
    title: 'Racing News – SimRacing Hub',
    description:
      'The latest motorsport and sim racing news: esports results, hardware launches, game updates and race reports.',
    keywords: 'motorsport news, sim racing news, esports, F1 news',
  },
  streams: {
    title: 'Racing Streams – Live & Recent – SimRacing Hub',
    description: 'Live and recent sim racing streams: league races, endurance events, rally stages and hot laps.',
    keywords: 'sim racing streams, live racing, twitch sim racing, esports broadcast',
  },
  reviews: {
    title: 'Game Reviews – SimRacing Hub',
    description: 'In-depth reviews of sim racing games with ratings out of 10.',
    keywords: 'sim racing reviews, racing game reviews, ratings',
  },
}

export const isSeoPage = (value: string): value is SeoPage => (seoPages as readonly string[]).includes(value)
