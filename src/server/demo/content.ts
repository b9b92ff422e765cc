/**
 * Demo content for the sim-racing hub.
 *
 * Everything here is fictional but plausible sample data used to seed a
 * development or preview database. Outside URLs are only link targets and are
 * never fetched by the site. Every `image` path points at a WebP file that is
 * generated locally by `scripts/demo/make-images.ts` (see `npm run demo:images`).
 */

import type { NewAccessory } from '../repos/accessories.repo.ts'
import type { NewGame } from '../repos/games.repo.ts'
import type { NewLibraryImage } from '../repos/image-library.repo.ts'
import type { NewNewsArticle } from '../repos/news.repo.ts'
import type { NewReview } from '../repos/reviews.repo.ts'
import type { NewStream } from '../repos/streams.repo.ts'

/**
 * The demo rows take their fields' types from the tables (src/server/db/schema.ts, through the
 * repositories' insert types); `image` is a file under public/demo, and the `*Ago` fields are
 * turned into dates by the seed (src/server/demo/seed.ts).
 */
type Demo<Row, Keys extends keyof Row> = Required<Pick<Row, Keys>> & { image: string }

export type DemoGame = Demo<
  NewGame,
  'title' | 'description' | 'category' | 'price' | 'rating' | 'platform' | 'websiteUrl' | 'steamUrl' | 'featured'
>

/**
 * No rating or price: every item gets the ones a new item is given (spec 001 section 5: '4.5',
 * 'Contact Manufacturer'; docs/decisions/0620), as if the owner had added it in the Hardware tab.
 */
export type DemoAccessory = Demo<
  NewAccessory,
  'name' | 'brand' | 'category' | 'description' | 'purchaseUrl' | 'featured'
>

export type DemoNews = Demo<
  NewNewsArticle,
  'title' | 'category' | 'author' | 'contentType' | 'sourceUrl' | 'content'
> & {
  daysAgo: number
}

export interface DemoStandings {
  championshipName: string
  season: string
  completedRounds: number
  totalRounds: number
  daysAgo: number
  /** The pages an AI table names as its sources (shown as 'AI-generated · Sources: ...'). */
  sources: string[]
  /** exactly 10, sorted by points desc */
  drivers: { driverName: string; team: string; points: number }[]
}

export type DemoReview = Demo<NewReview, 'title' | 'content' | 'author' | 'rating' | 'sourceUrl'> & {
  /** matches a DemoGame title, or null for hardware / general reviews */
  gameTitle: string | null
  daysAgo: number
}

export type DemoStream = Demo<
  NewStream,
  'title' | 'description' | 'streamerName' | 'streamUrl' | 'isLive' | 'viewerCount' | 'tags'
> & {
  /** The demo's four kinds of stream (the stored category). */
  category: 'f1' | 'gt3' | 'rally' | 'endurance'
  hoursAgo: number
}

export type DemoLibraryImage = Demo<NewLibraryImage, 'name' | 'category' | 'description'>

/* -------------------------------------------------------------------------- */
/*                                    Games                                   */
/* -------------------------------------------------------------------------- */

export const demoGames: DemoGame[] = [
  {
    title: 'iRacing',
    description:
      'The subscription-based online racing service built around laser-scanned tracks, a licence and safety-rating system and official series sanctioned by real-world championships. Road, oval, dirt and rallycross all share one matchmaking ecosystem.',
    category: 'Simulation',
    price: 'Subscription from $13/month',
    rating: '92%',
    platform: 'PC',
    websiteUrl: 'https://www.iracing.com',
    steamUrl: 'https://store.steampowered.com/app/266410/',
    featured: true,
    image: '/demo/games/iracing.webp',
  },
  {
    title: 'Assetto Corsa Competizione',
    description:
      'The official GT World Challenge game, focused entirely on GT3, GT4 and GT2 machinery. Famous for its tyre and weather model, a demanding 24-hour endurance experience and a thriving league scene.',
    category: 'GT Racing',
    price: '$39.99',
    rating: '88',
    platform: 'PC, PS5, Xbox Series X|S',
    websiteUrl: 'https://www.assettocorsa.it/competizione/',
    steamUrl: 'https://store.steampowered.com/app/805550/',
    featured: true,
    image: '/demo/games/assetto-corsa-competizione.webp',
  },
  {
    title: 'Le Mans Ultimate',
    description:
      'The official game of the FIA World Endurance Championship, built on the rFactor 2 engine. Hypercars, LMP2 and LMGT3 share the track in multi-class races with full day-night cycles and dynamic rain.',
    category: 'Endurance',
    price: '$29.99',
    rating: '90%',
    platform: 'PC',
    websiteUrl: 'https://www.lemansultimate.com',
    steamUrl: 'https://store.steampowered.com/app/2399420/',
    featured: true,
    image: '/demo/games/le-mans-ultimate.webp',
  },
  {
    title: 'Automobilista 2',
    description:
      'Reiza Studios\u2019 Madness-engine sim with an enormous Brazilian-flavoured car list, from Formula Vee to Group C and modern GT3. Praised for its force feedback, dynamic track surface and historic circuit layouts.',
    category: 'Simulation',
    price: '$29.99',
    rating: '86',
    platform: 'PC',
    websiteUrl: 'https://www.game-automobilista2.com',
    steamUrl: 'https://store.steampowered.com/app/1066890/',
    featured: true,
    image: '/demo/games/automobilista-2.webp',
  },
  {
    title: 'rFactor 2',
    description:
      'The modder\u2019s sim. A physics engine with a real-time tyre model, live track rubbering and a huge catalogue of community content. Still the platform of choice for many long-running endurance leagues.',
    category: 'Simulation',
    price: '$29.99',
    rating: '81%',
    platform: 'PC',
    websiteUrl: 'https://www.studio-397.com',
    steamUrl: 'https://store.steampowered.com/app/365960/',
    featured: false,
    image: '/demo/games/rfactor-2.webp',
  },
  {
    title: 'F1 25',
    description:
      'The official Formula 1 game featuring every team, driver and circuit of the season, a revamped My Team mode and the Braking Point story. Accessible handling with a deep set-up menu for league racers.',
    category: 'Open-Wheel',
    price: '$69.99',
    rating: '79%',
    platform: 'PC, PS5, Xbox Series X|S',
    websiteUrl: 'https://www.ea.com/games/f1/f1-25',
    steamUrl: 'https://store.steampowered.com/app/3059520/',
    featured: true,
    image: '/demo/games/f1-25.webp',
  },
  {
    title: 'Gran Turismo 7',
    description:
      'Polyphony Digital\u2019s celebration of car culture: hundreds of cars, Scapes photo mode, Sport Mode daily races and the FIA-certified Gran Turismo World Series. Excellent on a PS5 with a direct-drive wheel.',
    category: 'Racing',
    price: '$69.99',
    rating: '87',
    platform: 'PS5, PS4',
    websiteUrl: 'https://www.gran-turismo.com',
    steamUrl: null,
    featured: true,
    image: '/demo/games/gran-turismo-7.webp',
  },
  {
    title: 'EA Sports WRC',
    description:
      'Codemasters\u2019 official World Rally Championship game with the longest stages in the genre, a Builder mode for custom rally cars and a career mode that puts you in charge of your own team.',
    category: 'Rally',
    price: '$49.99',
    rating: '84%',
    platform: 'PC, PS5, Xbox Series X|S',
    websiteUrl: 'https://www.ea.com/games/wrc',
    steamUrl: 'https://store.steampowered.com/app/1849250/',
    featured: false,
    image: '/demo/games/ea-sports-wrc.webp',
  },
  {
    title: 'RaceRoom Racing Experience',
    description:
      'Free-to-play base game with paid car and track packs, official DTM and WTCR content and some of the best engine sounds in sim racing. Its ranked multiplayer is a friendly entry point for new drivers.',
    category: 'Simulation',
    price: 'Free to play',
    rating: '',
    platform: 'PC',
    websiteUrl: 'https://www.raceroom.com',
    steamUrl: 'https://store.steampowered.com/app/211500/',
    featured: false,
    image: '/demo/games/raceroom.webp',
  },
  {
    title: 'BeamNG.drive',
    description:
      'A soft-body physics sandbox where every component of the car deforms and breaks realistically. Not a pure racing sim, but a brilliant tool for rally, drifting, crash testing and community-made scenarios.',
    category: 'Sandbox',
    price: '$24.99',
    rating: '94%',
    platform: 'PC',
    websiteUrl: 'https://www.beamng.com',
    steamUrl: 'https://store.steampowered.com/app/284160/',
    featured: false,
    image: '/demo/games/beamng-drive.webp',
  },
  {
    title: 'Forza Motorsport',
    description:
      'Turn 10\u2019s track-focused reboot with a car-levelling progression system, built-from-scratch tyre physics and a structured Featured Multiplayer with safety ratings. Plays well on a controller and on a wheel.',
    category: 'Racing',
    price: '$69.99',
    rating: 'N/A',
    platform: 'PC, Xbox Series X|S',
    websiteUrl: 'https://forza.net',
    steamUrl: 'https://store.steampowered.com/app/2440510/',
    featured: false,
    image: '/demo/games/forza-motorsport.webp',
  },
  {
    title: 'Richard Burns Rally',
    description:
      'Released in 2004 and still considered the benchmark for rally physics. Kept alive by the community RSF plugin with hundreds of modern cars, online stage rallies and thousands of kilometres of stages.',
    category: 'Rally',
    price: 'Abandonware + free community plugin',
    rating: '91%',
    platform: 'PC',
    websiteUrl: 'https://www.rallysimfans.hu',
    steamUrl: null,
    featured: false,
    image: '/demo/games/richard-burns-rally.webp',
  },
  {
    title: 'Assetto Corsa',
    description:
      'The 2014 classic that never went away. A vast modding scene, Content Manager and Custom Shaders Patch turned it into a platform for everything from Nordschleife track days to late-night touge runs.',
    category: 'Simulation',
    price: '$19.99',
    rating: '89',
    platform: 'PC',
    websiteUrl: 'https://www.assettocorsa.it',
    steamUrl: 'https://store.steampowered.com/app/244210/',
    featured: false,
    image: '/demo/games/assetto-corsa.webp',
  },
  {
    title: 'Assetto Corsa EVO',
    description:
      'Kunos Simulazioni\u2019s next-generation road-car sim, in Early Access with a growing roster of cars, a driving academy licence system and a planned open-world Nordschleife region.',
    category: 'Simulation',
    price: '$39.99 (Early Access)',
    rating: 'Not yet rated',
    platform: 'PC',
    websiteUrl: 'https://assettocorsa.gg',
    steamUrl: 'https://store.steampowered.com/app/3058630/',
    featured: true,
    image: '/demo/games/assetto-corsa-evo.webp',
  },
  {
    title: 'DiRT Rally 2.0',
    description:
      'Codemasters\u2019 punishing rally and rallycross title with a beloved force-feedback model, the official World RX licence and a long tail of Colin McRae DLC stages. Still a league favourite.',
    category: 'Rally',
    price: '$39.99',
    rating: '85%',
    platform: 'PC, PS4, Xbox One',
    websiteUrl: null,
    steamUrl: 'https://store.steampowered.com/app/690790/',
    featured: false,
    image: '/demo/games/dirt-rally-2.webp',
  },
]

/* -------------------------------------------------------------------------- */
/*                                  Hardware                                  */
/* -------------------------------------------------------------------------- */

export const demoAccessories: DemoAccessory[] = [
  {
    name: 'Simucube 2 Pro',
    brand: 'Simucube',
    category: 'Wheel Bases',
    description:
      'A 25 Nm direct-drive servo with exceptionally clean, low-latency force feedback and the True Drive software suite. The reference point many reviewers use to judge every other base.',
    purchaseUrl: 'https://simucube.com',
    featured: true,
    image: '/demo/hardware/simucube-2-pro.webp',
  },
  {
    name: 'Moza R12 V2',
    brand: 'Moza Racing',
    category: 'Wheel Bases',
    description:
      'A compact 12 Nm direct-drive base with a quiet motor, quick-release compatibility across the Moza range and an approachable Pit House configuration app.',
    purchaseUrl: 'https://mozaracing.com',
    featured: true,
    image: '/demo/hardware/moza-r12-v2.webp',
  },
  {
    name: 'Fanatec ClubSport DD+',
    brand: 'Fanatec',
    category: 'Wheel Bases',
    description:
      'A 15 Nm direct-drive base compatible with PC, PlayStation and Xbox, with a boost mode, a hardened QR2 quick release and access to the huge Fanatec wheel ecosystem.',
    purchaseUrl: 'https://fanatec.com',
    featured: false,
    image: '/demo/hardware/fanatec-clubsport-dd-plus.webp',
  },
  {
    name: 'Thrustmaster T818',
    brand: 'Thrustmaster',
    category: 'Wheel Bases',
    description:
      'Thrustmaster\u2019s 10 Nm direct-drive base with a built-in Quick Release and compatibility with the long list of Thrustmaster rims, from Ferrari SF1000 replicas to GT wheels.',
    purchaseUrl: 'https://www.thrustmaster.com',
    featured: false,
    image: '/demo/hardware/thrustmaster-t818.webp',
  },
  {
    name: 'Logitech G Pro Racing Wheel',
    brand: 'Logitech',
    category: 'Wheel Bases',
    description:
      'An 11 Nm direct-drive wheel and base bundle with TRUEFORCE haptics, magnetic paddles and a dual-clutch mode. A strong plug-and-play choice for PlayStation and Xbox players.',
    purchaseUrl: 'https://www.logitechg.com',
    featured: false,
    image: '/demo/hardware/logitech-g-pro-racing-wheel.webp',
  },
  {
    name: 'Cube Controls GT Pro Omni',
    brand: 'Cube Controls',
    category: 'Wheels',
    description:
      'A hand-built Italian GT rim with aluminium paddles, 12 configurable buttons, four rotary encoders and a wireless option. Compatible with every major quick-release standard.',
    purchaseUrl: 'https://www.cubecontrols.com',
    featured: true,
    image: '/demo/hardware/cube-controls-gt-pro.webp',
  },
  {
    name: 'Ascher Racing F28-SC V3',
    brand: 'Ascher Racing',
    category: 'Wheels',
    description:
      'A formula-style rim with Alcantara grips, magnetic shift paddles and dual clutch paddles, designed for open-wheel leagues in iRacing, rFactor 2 and F1 25.',
    purchaseUrl: 'https://www.ascher-racing.com',
    featured: false,
    image: '/demo/hardware/ascher-racing-f28-sc.webp',
  },
  {
    name: 'Fanatec ClubSport Formula V2.5 X',
    brand: 'Fanatec',
    category: 'Wheels',
    description:
      'A carbon-fibre formula rim with multi-function rotary switches, an RGB rev strip and a well-known layout that plenty of F1 league drivers have muscle memory for.',
    purchaseUrl: 'https://fanatec.com',
    featured: false,
    image: '/demo/hardware/fanatec-formula-v25-x.webp',
  },
  {
    name: 'Heusinkveld Sprint Pedals',
    brand: 'Heusinkveld',
    category: 'Pedals',
    description:
      'Load-cell pedals with up to 65 kg of brake force, adjustable elastomer stacks and a reputation for lasting a decade. A favourite upgrade for drivers who want consistent trail braking.',
    purchaseUrl: 'https://heusinkveld.com',
    featured: true,
    image: '/demo/hardware/heusinkveld-sprint.webp',
  },
  {
    name: 'Simucube ActivePedal',
    brand: 'Simucube',
    category: 'Pedals',
    description:
      'A servo-driven brake pedal that can simulate ABS pulsing, lock-up feel and entire brake-system characteristics per car. Expensive, but unlike any passive pedal on the market.',
    purchaseUrl: 'https://simucube.com',
    featured: false,
    image: '/demo/hardware/simucube-activepedal.webp',
  },
  {
    name: 'Moza CRP2 Pedals',
    brand: 'Moza Racing',
    category: 'Pedals',
    description:
      'A three-pedal load-cell set with a 200 kg sensor, swappable brake springs and a heel plate designed for hard-mounting to aluminium profile rigs.',
    purchaseUrl: 'https://mozaracing.com',
    featured: false,
    image: '/demo/hardware/moza-crp2.webp',
  },
  {
    name: 'Trak Racer TR160 MK5',
    brand: 'Trak Racer',
    category: 'Cockpits',
    description:
      'A 160 mm aluminium profile cockpit with an adjustable front-mount wheel deck, a sliding pedal plate and enough rigidity for 25 Nm bases. Monitor and seat mounts sold separately.',
    purchaseUrl: 'https://trakracer.com',
    featured: true,
    image: '/demo/hardware/trak-racer-tr160.webp',
  },
  {
    name: 'Sim-Lab GT1 Evo',
    brand: 'Sim-Lab',
    category: 'Cockpits',
    description:
      'The best-selling profile rig from the Netherlands: modular, rock-solid and compatible with every direct-drive base. A GT seating position that can be converted to formula with an add-on kit.',
    purchaseUrl: 'https://sim-lab.eu',
    featured: true,
    image: '/demo/hardware/sim-lab-gt1-evo.webp',
  },
  {
    name: 'Next Level Racing F-GT Elite',
    brand: 'Next Level Racing',
    category: 'Cockpits',
    description:
      'An aluminium profile cockpit that switches between GT and formula driving positions in minutes. Front or side wheel mounting and a pedal deck with plenty of adjustment.',
    purchaseUrl: 'https://nextlevelracing.com',
    featured: false,
    image: '/demo/hardware/nlr-f-gt-elite.webp',
  },
  {
    name: 'Heusinkveld Sequential Shifter',
    brand: 'Heusinkveld',
    category: 'Shifters',
    description:
      'A sequential shifter with adjustable throw, spring force and an aggressive mechanical clunk. Equally at home in a rally car, a touring car or a vintage GT.',
    purchaseUrl: 'https://heusinkveld.com',
    featured: false,
    image: '/demo/hardware/heusinkveld-sequential.webp',
  },
  {
    name: 'Thrustmaster TH8A',
    brand: 'Thrustmaster',
    category: 'Shifters',
    description:
      'The long-serving H-pattern and sequential shifter with swappable gates and a metal construction. Affordable and widely compatible, though it feels light compared to premium shifters.',
    purchaseUrl: 'https://www.thrustmaster.com',
    featured: false,
    image: '/demo/hardware/thrustmaster-th8a.webp',
  },
  {
    name: 'Heusinkveld Handbrake',
    brand: 'Heusinkveld',
    category: 'Handbrakes',
    description:
      'A hydraulic-feel load-cell handbrake with a long lever, adjustable resistance and USB connection. Essential for EA Sports WRC, Richard Burns Rally and drift sessions.',
    purchaseUrl: 'https://heusinkveld.com',
    featured: false,
    image: '/demo/hardware/heusinkveld-handbrake.webp',
  },
  {
    name: 'Samsung Odyssey G9 49"',
    brand: 'Samsung',
    category: 'Displays',
    description:
      'A 49-inch 1000R super-ultrawide that wraps around the rig like a triple-screen setup without the bezels. 240 Hz refresh rate and a 5120 x 1440 resolution.',
    purchaseUrl: 'https://www.samsung.com',
    featured: false,
    image: '/demo/hardware/samsung-odyssey-g9.webp',
  },
  {
    name: 'Sim-Lab Triple Monitor Stand',
    brand: 'Sim-Lab',
    category: 'Displays',
    description:
      'A freestanding triple-screen mount for 24- to 32-inch monitors that keeps screens isolated from rig vibration. Tool-free angle adjustment for correct field of view.',
    purchaseUrl: 'https://sim-lab.eu',
    featured: false,
    image: '/demo/hardware/sim-lab-triple-stand.webp',
  },
  {
    name: 'Meta Quest 3',
    brand: 'Meta',
    category: 'VR Headsets',
    description:
      'A standalone mixed-reality headset that doubles as a PC VR headset over Link or Air Link. Pancake lenses and a wide field of view make it a popular budget VR option for sim racers.',
    purchaseUrl: 'https://www.meta.com/quest/quest-3/',
    featured: false,
    image: '/demo/hardware/meta-quest-3.webp',
  },
]

/* -------------------------------------------------------------------------- */
/*                                    News                                    */
/* -------------------------------------------------------------------------- */

export const demoNews: DemoNews[] = [
  {
    title: 'Le Mans Virtual Series finale decided on the final lap at Sebring',
    category: 'Breaking',
    author: 'Marta Kowalczyk',
    contentType: 'e-sports',
    sourceUrl: 'https://www.lemansultimate.com',
    daysAgo: 0,
    image: '/demo/news/lmvs-finale-sebring.webp',
    content: `<p>The virtual endurance season came down to the final lap of the 12-hour finale at Sebring, where the leading Hypercar crew edged their closest rivals by just <strong>0.412 seconds</strong> after twelve hours of racing in Le Mans Ultimate.</p>
<h2>A strategy gamble that paid off</h2>
<p>The champions elected to skip tyres at the final stop, gaining almost twenty seconds in the pit lane. Their closing stint on used mediums was a masterclass in tyre management as track temperatures rose through the simulated afternoon.</p>
<blockquote>We knew the only way to win was to short-fill and go for it. The last ten laps were the longest of my life.</blockquote>
<p>In LMGT3 the class title went to a privateer squad who had not won a single race all season but finished on the podium in every round. Full results and onboard replays are available from the <a href="https://www.lemansultimate.com">official Le Mans Ultimate site</a>.</p>`,
  },
  {
    title: 'Le Mans Ultimate v1.4 adds dynamic track rubber and a new tyre carcass model',
    category: 'Sim Updates',
    author: 'Daniel Okafor',
    contentType: 'e-sports',
    sourceUrl: 'https://www.lemansultimate.com',
    daysAgo: 3,
    image: '/demo/news/lmu-v14-update.webp',
    content: `<p>Studio 397 and Motorsport Games have released the v1.4 update for <strong>Le Mans Ultimate</strong>, and it is one of the largest physics updates since the game left Early Access.</p>
<h2>What is new</h2>
<ul>
<li>A reworked tyre carcass model with more realistic heat build-up on long stints</li>
<li>Dynamic rubber that now carries over between practice, qualifying and race sessions</li>
<li>Improved rain spray visibility for cars running in traffic</li>
<li>A new driver-swap interface for multiplayer endurance events</li>
</ul>
<p>Early feedback from league organisers has been positive, especially regarding the behaviour of LMGT3 cars on cold tyres after a safety car. Several teams warned, however, that existing set-ups will need a full re-tune.</p>
<p>The patch notes are available on the <a href="https://www.lemansultimate.com">official website</a>. Servers will be offline for around two hours while the update rolls out.</p>`,
  },
  {
    title: 'iRacing 2026 Season 1 build: new GT3 tyre model and Road America rescan',
    category: 'Sim Updates',
    author: 'Sofia Lindqvist',
    contentType: 'e-sports',
    sourceUrl: 'https://www.iracing.com',
    daysAgo: 5,
    image: '/demo/news/iracing-season-build.webp',
    content: `<p>The next <strong>iRacing</strong> season build has been previewed ahead of its December release, headlined by an updated tyre model for the entire GT3 class and a fresh laser scan of Road America.</p>
<h2>GT3 tyres</h2>
<p>According to the development blog, the new compound reduces the snap oversteer many drivers experienced at the limit and makes the cars more progressive when sliding. Tyre wear has also been rebalanced so that 60-minute races reward careful driving rather than flat-out sprinting.</p>
<h3>Other highlights</h3>
<ul>
<li>Road America rescanned with updated kerbs and run-off</li>
<li>A new Super Formula Lights car for the Ladder series</li>
<li>Improved AI pace on ovals</li>
</ul>
<p>As always, the new season's schedules will be published on the <a href="https://www.iracing.com">iRacing website</a> shortly before launch.</p>`,
  },
  {
    title: 'Las Vegas Grand Prix: title fight heads to the final two rounds',
    category: 'F1 News',
    author: 'James Whitfield',
    contentType: 'motorsport',
    sourceUrl: 'https://www.formula1.com',
    daysAgo: 1,
    image: '/demo/news/las-vegas-gp.webp',
    content: `<p>With two rounds remaining, the Formula 1 championship is a genuine three-way fight after a chaotic night race on the Las Vegas Strip.</p>
<p>Cold track temperatures once again made tyre warm-up the decisive factor. Drivers who managed to switch on the hard compound within two laps were able to attack, while those who struggled dropped like stones through the field.</p>
<h2>What the numbers say</h2>
<ul>
<li>The gap between first and third in the standings is now <strong>21 points</strong></li>
<li>A maximum of 50 points remains available</li>
<li>The constructors' title is still mathematically open for three teams</li>
</ul>
<blockquote>It is the kind of finale everyone hoped the new regulations would give us.</blockquote>
<p>Qatar follows next, before the season finale in Abu Dhabi. We will have full analysis of both races and updated standings right here.</p>`,
  },
  {
    title: 'How the 2026 power units reshaped qualifying',
    category: 'F1 News',
    author: 'James Whitfield',
    contentType: 'motorsport',
    sourceUrl: null,
    daysAgo: 9,
    image: '/demo/news/f1-power-units-analysis.webp',
    content: `<p>The first season of the 2026 power-unit regulations, with their near 50/50 split between combustion and electrical power, has changed the way drivers approach a qualifying lap.</p>
<h2>Energy is the new lap time</h2>
<p>Managing the battery over a single lap became as important as carrying speed through the corners. Teams spent the early part of the season refining how much energy to harvest under braking and where to deploy it, and the best drivers learned to adapt their lines to recover energy without losing time.</p>
<h3>Active aerodynamics</h3>
<p>The movable front and rear wings, switching between a high-downforce corner mode and a low-drag straight-line mode, added another layer. Several engineers told us that the difference between a good and a great lap often came down to the timing of the mode switch out of the final corner.</p>
<p>Sim racers will recognise the challenge: it is not unlike managing ERS deployment modes in <em>F1 25</em>, only with far higher stakes.</p>`,
  },
  {
    title: 'Rookie watch: Arvid Lindblad\u2019s first season in numbers',
    category: 'F1 News',
    author: 'Priya Raman',
    contentType: 'motorsport',
    sourceUrl: null,
    daysAgo: 14,
    image: '/demo/news/rookie-watch.webp',
    content: `<p>The youngest driver on the 2026 grid has had a season of highs and lows, and the data tells an interesting story about his development across 22 rounds.</p>
<h2>Qualifying pace</h2>
<p>Against his more experienced team-mate, the British rookie trails the head-to-head qualifying count but has closed the average gap to under a tenth over the last six events. His best starting position so far is sixth.</p>
<h2>Racecraft</h2>
<p>Where he has impressed most is in wheel-to-wheel combat. He has gained an average of 1.8 places on the opening lap, one of the best figures on the grid, and has avoided any penalty points since the summer break.</p>
<p>The team principal described his progress as <strong>"exactly what we hoped for"</strong> and confirmed he will remain with the team next season.</p>`,
  },
  {
    title: 'GT World Challenge Europe crowns its champions at Barcelona',
    category: 'Motorsport',
    author: 'Luca Bernardi',
    contentType: 'motorsport',
    sourceUrl: 'https://www.gt-world-challenge-europe.com',
    daysAgo: 34,
    image: '/demo/news/gtwc-barcelona.webp',
    content: `<p>The 2026 GT World Challenge Europe season ended in dramatic fashion at the Circuit de Barcelona-Catalunya, where the overall drivers' title was decided in the final hour of the Endurance Cup finale.</p>
<p>Going into the weekend the top two crews were separated by just four points. A late full-course yellow bunched up the field and set up a frantic final stint, with the eventual champions holding on by less than a second.</p>
<h2>Season in review</h2>
<ul>
<li>Ten rounds across the Sprint and Endurance Cups</li>
<li>Seven different manufacturers on the podium</li>
<li>A record 62 cars at the CrowdStrike 24 Hours of Spa</li>
</ul>
<p>Many of the cars and liveries from the season will appear in <em>Assetto Corsa Competizione</em> leagues over the winter, with several community groups already planning replica championships.</p>`,
  },
  {
    title: 'WRC title decider: Rally Saudi Arabia preview',
    category: 'Motorsport',
    author: 'Eero Mäkinen',
    contentType: 'motorsport',
    sourceUrl: 'https://www.wrc.com',
    daysAgo: 2,
    image: '/demo/news/wrc-saudi-preview.webp',
    content: `<p>The World Rally Championship heads to the desert for its season finale, and for the second year in a row the drivers' title will be decided on the final day.</p>
<h2>The stages</h2>
<p>Rally Saudi Arabia mixes fast, sandy gravel tracks with rocky mountain sections near Jeddah. Road position is expected to be crucial: the first car on the road will sweep loose sand off the racing line for everyone behind.</p>
<h3>The maths</h3>
<p>The championship leader needs to stay within striking distance of his nearest rival across Sunday's classification and the Power Stage. With bonus points still available on the final day, nothing is settled until the last stage.</p>
<blockquote>In the desert you cannot see the rocks until it is too late. Patience will win this.</blockquote>
<p>Want to try the stages yourself? Community recreations of the desert tests are available for <em>EA Sports WRC</em> and the RSF plugin for <em>Richard Burns Rally</em>.</p>`,
  },
  {
    title: 'NASCAR Cup Series: season finale settled by a late pit call',
    category: 'Motorsport',
    author: 'Tyler Brooks',
    contentType: 'motorsport',
    sourceUrl: 'https://www.nascar.com',
    daysAgo: 15,
    image: '/demo/news/nascar-season-finale.webp',
    content: `<p>The 2026 NASCAR Cup Series championship went down to the final laps of the season finale, where a two-tyre call on the last caution turned the race and the title on its head.</p>
<p>The title contenders ran inside the top six for most of the evening, but long green-flag runs left the Hendrick and Joe Gibbs cars fighting tyre fall-off. When the caution came out with 28 laps to go, the crew chiefs split on strategy.</p>
<h2>The decisive restart</h2>
<p>The champion lined up on the outside of the front row on two fresh tyres, cleared the dogleg first and never looked back. It is a strategy that oval racers in <em>iRacing</em> will recognise from countless late-night fixed-setup races.</p>
<p>Full standings are available in our championship tables, and the Next Gen car remains one of the most popular cars on iRacing's oval schedule.</p>`,
  },
  {
    title: 'Macau GT Cup red-flagged after multi-car incident at Lisboa',
    category: 'Breaking',
    author: 'Chen Wei',
    contentType: 'motorsport',
    sourceUrl: null,
    daysAgo: 4,
    image: '/demo/news/macau-gt-cup.webp',
    content: `<p>The FIA GT World Cup qualification race at the Guia Circuit was red-flagged on the opening lap after a multi-car incident at the notorious Lisboa hairpin.</p>
<p>Six cars were involved after a driver locked up on cold tyres and was unable to slow down for the tight right-hander. All drivers were reported to be uninjured, and the marshals cleared the track within 40 minutes.</p>
<h2>Restart and result</h2>
<p>The race was restarted behind the safety car over a reduced distance. Pole-sitter position was maintained at the restart, and the top three finished in grid order after a cautious sprint to the flag.</p>
<p>The Guia Circuit is available as a community track for <em>Assetto Corsa</em>, and several leagues run a Macau weekend every November in honour of the real event.</p>`,
  },
  {
    title: 'F1 Sim Racing Championship: how the Pro draft works this winter',
    category: 'Esports',
    author: 'Priya Raman',
    contentType: 'e-sports',
    sourceUrl: 'https://f1esports.com',
    daysAgo: 7,
    image: '/demo/news/f1-sim-draft.webp',
    content: `<p>The Formula 1 Sim Racing Championship has published its rules for the upcoming Pro draft, and there are several changes that will affect drivers hoping to make the jump from the online qualifiers.</p>
<h2>Key changes</h2>
<ul>
<li>Qualifying time trials now run over <strong>three circuits</strong> instead of one</li>
<li>Each team must sign at least one driver from the qualifiers</li>
<li>Reserve drivers can now race a maximum of two events</li>
</ul>
<p>The draft will again be streamed live, with team representatives picking drivers in reverse championship order. Last season's champions pick last.</p>
<p>Qualifying runs in <em>F1 25</em> on PC, PlayStation 5 and Xbox Series X|S. More details can be found on the <a href="https://f1esports.com">official esports site</a>.</p>`,
  },
  {
    title: 'ACC GT Esports Sprint Cup: Monza finale crowns a new champion',
    category: 'Esports',
    author: 'Luca Bernardi',
    contentType: 'e-sports',
    sourceUrl: null,
    daysAgo: 11,
    image: '/demo/news/acc-sprint-monza.webp',
    content: `<p>A new name is on the trophy after the final round of the GT Esports Sprint Cup at Monza, raced in <strong>Assetto Corsa Competizione</strong> in front of a record online audience.</p>
<p>The 19-year-old German driver entered the final weekend eight points behind but won both sprint races from the second row, using the slipstream to perfection on the run to the Parabolica.</p>
<blockquote>Monza in ACC is all about the tow. I just had to be in the right place on the last lap.</blockquote>
<p>His team took the teams' title as well, completing a clean sweep. The Sprint Cup will return next year with a revised calendar that includes Kyalami and Suzuka for the first time.</p>`,
  },
  {
    title: 'Community spotlight: the volunteer-run endurance league with 500 drivers',
    category: 'Esports',
    author: 'Hannah Schulz',
    contentType: 'e-sports',
    sourceUrl: null,
    daysAgo: 19,
    image: '/demo/news/community-endurance-league.webp',
    content: `<p>Not every sim-racing success story happens on a big stage. We spoke to the organisers of a community endurance league that now runs more than <strong>500 drivers</strong> across three splits, all managed by volunteers.</p>
<h2>How it started</h2>
<p>The league began in 2021 as a Discord server for a dozen friends racing the Nürburgring 24 Hours in rFactor 2. Today it runs six-hour races in Le Mans Ultimate and iRacing with live stewarding, broadcast commentary and its own results website.</p>
<h3>What makes it work</h3>
<ul>
<li>Strict but transparent stewarding with published incident reviews</li>
<li>A rookie split that guarantees new teams a competitive race</li>
<li>Flexible driver-swap rules so nobody needs to stay up all night</li>
</ul>
<p>If you want to get involved, the organisers say the best first step is to join as a spotter or steward and learn how the league operates before entering a car.</p>`,
  },
  {
    title: 'Gran Turismo World Series: Nations Cup World Final preview',
    category: 'Esports',
    author: 'Kenji Sato',
    contentType: 'e-sports',
    sourceUrl: 'https://www.gran-turismo.com',
    daysAgo: 6,
    image: '/demo/news/gtws-world-final.webp',
    content: `<p>The best <em>Gran Turismo 7</em> drivers on the planet gather for the Nations Cup World Final, with sixteen finalists qualifying through a season of online and live events.</p>
<p>The final format features a mix of short sprint races and a longer feature race with mandatory tyre changes, designed to reward both raw speed and strategic thinking.</p>
<h2>Drivers to watch</h2>
<ul>
<li>The defending champion, unbeaten in live events this year</li>
<li>A Brazilian rookie who topped the online standings</li>
<li>A former karting champion making his World Final debut</li>
</ul>
<p>The event will be streamed live with commentary in eight languages. Check the <a href="https://www.gran-turismo.com">official Gran Turismo site</a> for broadcast times.</p>`,
  },
  {
    title: 'Simucube firmware update brings ABS effects to ActivePedal in LMU and rFactor 2',
    category: 'Hardware',
    author: 'Daniel Okafor',
    contentType: 'e-sports',
    sourceUrl: 'https://simucube.com',
    daysAgo: 8,
    image: '/demo/news/simucube-activepedal-firmware.webp',
    content: `<p>Simucube has released a firmware update for its servo-driven <strong>ActivePedal</strong> that adds native ABS pulsing effects in Le Mans Ultimate and rFactor 2.</p>
<p>Until now, ABS effects were only available in a handful of titles via third-party telemetry tools. The new firmware reads the ABS activity directly from the game's shared memory and translates it into a configurable vibration through the pedal.</p>
<h2>Also in the update</h2>
<ul>
<li>A new brake-fade effect linked to brake temperature</li>
<li>Per-car profiles that switch automatically</li>
<li>Lower latency on the USB connection</li>
</ul>
<p>The update is free for all ActivePedal owners and can be installed through the Simucube Tuner software.</p>`,
  },
  {
    title: 'Hands-on: Moza R12 V2 is quieter, smoother and still affordable',
    category: 'Hardware',
    author: 'Sofia Lindqvist',
    contentType: 'e-sports',
    sourceUrl: 'https://mozaracing.com',
    daysAgo: 12,
    image: '/demo/news/moza-r12-v2-handson.webp',
    content: `<p>We spent a week with the <strong>Moza R12 V2</strong>, the refreshed version of one of the most popular mid-range direct-drive bases. Moza promises a quieter motor, improved cooling and smoother low-speed force feedback.</p>
<h2>First impressions</h2>
<p>The noise reduction is real: at low force levels the base is near silent, which makes a difference in shared rooms. Cogging at low speed is also noticeably reduced compared to the first version.</p>
<h3>On track</h3>
<p>In <em>Assetto Corsa Competizione</em> and <em>iRacing</em>, the base delivered detailed kerb and road texture without feeling harsh. The peak torque of 12 Nm is plenty for GT cars; open-wheelers with heavy steering may need the force scaled down.</p>
<p>Our full review will follow once we have tested it on a wider range of titles.</p>`,
  },
  {
    title: 'Fanatec shows a new load-cell pedal line at Sim Racing Expo',
    category: 'Hardware',
    author: 'Hannah Schulz',
    contentType: 'e-sports',
    sourceUrl: 'https://fanatec.com',
    daysAgo: 41,
    image: '/demo/news/fanatec-pedals-expo.webp',
    content: `<p>The Sim Racing Expo in Dortmund once again served as the stage for a number of hardware announcements, with Fanatec's new pedal line drawing the biggest crowds.</p>
<p>The modular set features a redesigned brake with interchangeable elastomers, a longer pedal travel and a new mounting system compatible with most aluminium profile rigs.</p>
<h2>Other highlights from the Expo</h2>
<ul>
<li>Heusinkveld's updated handbrake with adjustable lever length</li>
<li>Cube Controls' lightweight formula rim</li>
<li>Several motion-platform prototypes from smaller manufacturers</li>
</ul>
<p>Pricing and availability for the Fanatec pedals have not yet been confirmed, but the company said it expects to ship before the end of the year.</p>`,
  },
  {
    title: 'Build guide: a complete sim-racing rig for under $1,000',
    category: 'Hardware',
    author: 'Marta Kowalczyk',
    contentType: 'e-sports',
    sourceUrl: null,
    daysAgo: 22,
    image: '/demo/news/budget-rig-guide.webp',
    content: `<p>Getting into sim racing doesn't have to cost a fortune. We put together a complete setup for under <strong>$1,000</strong> that will carry you through your first seasons of online racing.</p>
<h2>The shopping list</h2>
<ul>
<li><strong>Wheel and base:</strong> an entry-level direct-drive bundle around $400</li>
<li><strong>Pedals:</strong> a load-cell upgrade kit or entry-level load-cell set around $200</li>
<li><strong>Cockpit:</strong> a foldable wheel stand or used profile rig around $250</li>
<li><strong>Seat:</strong> a second-hand bucket seat or office chair to start with</li>
</ul>
<h3>Where to invest first</h3>
<p>If you have to choose, invest in the brake pedal. A load cell brake improves consistency more than any amount of extra force feedback torque.</p>
<p>Start with a free title such as <em>RaceRoom Racing Experience</em> or the <em>iRacing</em> free content and upgrade from there.</p>`,
  },
  {
    title: 'Review: Heusinkveld Sprint pedals, two years on',
    category: 'Review',
    author: 'Tom Ashworth',
    contentType: 'e-sports',
    sourceUrl: 'https://heusinkveld.com',
    daysAgo: 17,
    image: '/demo/news/heusinkveld-long-term.webp',
    content: `<p>Two years and well over 10,000 kilometres of virtual racing later, it is time to revisit the <strong>Heusinkveld Sprint</strong> pedals.</p>
<h2>Durability</h2>
<p>The pedals still feel as solid as the day they arrived. The only maintenance was re-greasing the throttle pivot and replacing a set of elastomers that had slightly compressed.</p>
<h2>Performance</h2>
<p>The load-cell brake remains outstanding. Trail braking into tight hairpins is intuitive, and consistency lap after lap is where these pedals really earn their price.</p>
<blockquote>A pedal set you buy once and keep for a decade.</blockquote>
<p>Verdict: still one of the best upgrades you can make to any sim-racing setup.</p>`,
  },
  {
    title: 'Review: EA Sports WRC after its final content update',
    category: 'Review',
    author: 'Eero Mäkinen',
    contentType: 'e-sports',
    sourceUrl: 'https://www.ea.com/games/wrc',
    daysAgo: 26,
    image: '/demo/news/ea-wrc-final-update.webp',
    content: `<p>With the final content update now released, it is a good moment to look back at <strong>EA Sports WRC</strong> and how it has evolved since launch.</p>
<p>The early versions struggled with stuttering and inconsistent force feedback. Most of those problems have been addressed, and the handling has improved considerably on gravel in particular.</p>
<h2>Highlights</h2>
<ul>
<li>Long, varied stages with excellent pacenotes</li>
<li>The Builder mode for creating your own rally cars</li>
<li>Regular community Clubs with weekly events</li>
</ul>
<p>It is not perfect, and tarmac handling still divides opinion, but the game is in the best state it has ever been. Rally fans who gave up early should give it another try.</p>`,
  },
  {
    title: 'Review: Trak Racer TR160 MK5 cockpit',
    category: 'Review',
    author: 'Tom Ashworth',
    contentType: 'e-sports',
    sourceUrl: 'https://trakracer.com',
    daysAgo: 31,
    image: '/demo/news/trak-racer-review.webp',
    content: `<p>The <strong>Trak Racer TR160 MK5</strong> is a large, stiff aluminium profile cockpit aimed at drivers running powerful direct-drive bases.</p>
<h2>Assembly</h2>
<p>Assembly took about three hours with two people. The instructions are clear, and the pre-drilled plates make alignment easy.</p>
<h2>Rigidity</h2>
<p>With a 25 Nm base mounted, we saw no noticeable flex, even during heavy kerb strikes. The pedal deck is equally stiff with a load-cell brake at maximum force.</p>
<p>The TR160 is not the cheapest option, but it is a rig you will never outgrow. Recommended.</p>`,
  },
  {
    title: 'Automobilista 2 adds Interlagos 1991 and a new Stock Car Pro pack',
    category: 'Sim Updates',
    author: 'Rafael Costa',
    contentType: 'e-sports',
    sourceUrl: 'https://www.game-automobilista2.com',
    daysAgo: 10,
    image: '/demo/news/ams2-interlagos-1991.webp',
    content: `<p>Reiza Studios has released a new update for <strong>Automobilista 2</strong>, bringing the historic 1991 layout of Interlagos and an updated Stock Car Pro Series pack.</p>
<p>The 1991 layout recreates the track as it was when Ayrton Senna famously won his home race with only sixth gear remaining. The circuit has been rebuilt with period details, including the old pit building.</p>
<h2>Other changes</h2>
<ul>
<li>Improved AI behaviour in wet conditions</li>
<li>New liveries for the GT3 Gen2 class</li>
<li>Force-feedback fixes for several classic cars</li>
</ul>
<p>The update is free for owners of the base game; the Stock Car pack is part of the current season pass.</p>`,
  },
  {
    title: 'Assetto Corsa EVO roadmap: open-world driving and career mode timeline',
    category: 'Sim Updates',
    author: 'Sofia Lindqvist',
    contentType: 'e-sports',
    sourceUrl: 'https://assettocorsa.gg',
    daysAgo: 20,
    image: '/demo/news/ac-evo-roadmap.webp',
    content: `<p>Kunos Simulazioni has shared an updated roadmap for <strong>Assetto Corsa EVO</strong>, giving a clearer picture of when the open-world and career features will arrive.</p>
<h2>Roadmap highlights</h2>
<ul>
<li>The open-world Nordschleife region enters testing first</li>
<li>A first version of the career mode follows later in Early Access</li>
<li>New cars and tracks arrive with each major update</li>
</ul>
<p>The developers also confirmed that performance optimisations for VR users are a priority, following feedback from the community.</p>
<p>Read the full roadmap on the <a href="https://assettocorsa.gg">official site</a>.</p>`,
  },
  {
    title: 'RaceRoom adds DTM 2026 cars and a VR performance boost',
    category: 'Sim Updates',
    author: 'Hannah Schulz',
    contentType: 'e-sports',
    sourceUrl: 'https://www.raceroom.com',
    daysAgo: 28,
    image: '/demo/news/raceroom-dtm-2026.webp',
    content: `<p><strong>RaceRoom Racing Experience</strong> has received the cars and liveries of the 2026 DTM season, continuing the long partnership between the sim and the German touring car series.</p>
<p>Alongside the new content, the update brings a significant performance improvement for VR users, with frame times reduced by up to 20 percent on mid-range hardware.</p>
<h2>Also new</h2>
<ul>
<li>Updated tyre model for GT3 cars</li>
<li>Improved multiplayer server browser</li>
<li>New sound recordings for several cars</li>
</ul>
<p>The DTM 2026 pack is available now in the RaceRoom store.</p>`,
  },
  {
    title: 'F1 25 patch fixes tyre temperature exploit used in online leagues',
    category: 'F1 News',
    author: 'Priya Raman',
    contentType: 'e-sports',
    sourceUrl: 'https://www.ea.com/games/f1/f1-25',
    daysAgo: 24,
    image: '/demo/news/f1-25-patch.webp',
    content: `<p>Codemasters has released a patch for <strong>F1 25</strong> that closes a tyre temperature exploit which had been widely used in competitive online leagues.</p>
<p>The exploit allowed drivers to keep tyre surface temperatures artificially low with a specific combination of set-up settings, giving an advantage over long stints.</p>
<h2>League reaction</h2>
<p>Many league organisers welcomed the fix, although some expressed frustration that it arrived late in the season. Several leagues have decided to reset their set-up rules for the remaining rounds.</p>
<p>The patch also includes stability fixes and improvements for wheel users, including better force feedback on kerbs.</p>`,
  },
  {
    title: 'iRacing servers hit by outage ahead of special event',
    category: 'Breaking',
    author: 'Tyler Brooks',
    contentType: 'e-sports',
    sourceUrl: 'https://www.iracing.com',
    daysAgo: 1,
    image: '/demo/news/iracing-outage.webp',
    content: `<p>Thousands of drivers were unable to log in to <strong>iRacing</strong> for about two hours on Saturday, shortly before the start of a popular special event.</p>
<p>The service posted updates on its status page, confirming that the outage was caused by a database issue and not by a cyber attack.</p>
<h2>Event rescheduled</h2>
<p>The affected sessions have been rescheduled, and drivers who had registered will keep their places. iRacing also announced that subscribers will receive a credit to compensate for the downtime.</p>
<p>We will update this article if further details are released.</p>`,
  },
  {
    title: 'Richard Burns Rally community releases new plugin version with 40 new stages',
    category: 'Esports',
    author: 'Eero Mäkinen',
    contentType: 'e-sports',
    sourceUrl: 'https://www.rallysimfans.hu',
    daysAgo: 30,
    image: '/demo/news/rbr-plugin-update.webp',
    content: `<p>More than twenty years after its release, <strong>Richard Burns Rally</strong> continues to evolve thanks to its community. The latest version of the RSF plugin adds 40 new stages and several modern rally cars.</p>
<h2>What is new</h2>
<ul>
<li>New stages based on Finnish, Welsh and Portuguese roads</li>
<li>Updated Rally2 and Rally4 cars</li>
<li>Improved online rally system</li>
</ul>
<p>The plugin remains free to download, and the community continues to organise online rallies every week.</p>
<p>For many rally fans, RBR is still the gold standard for rally physics.</p>`,
  },
  {
    title: 'BeamNG.drive update adds a rally career and new gravel physics',
    category: 'Sim Updates',
    author: 'Rafael Costa',
    contentType: 'e-sports',
    sourceUrl: 'https://www.beamng.com',
    daysAgo: 45,
    image: '/demo/news/beamng-rally-update.webp',
    content: `<p>BeamNG has released a major update for <strong>BeamNG.drive</strong>, adding a rally-focused career branch and improved gravel surface physics.</p>
<p>The new career branch lets players build a rally car, enter events and earn money to upgrade their car. The gravel physics have been reworked to better simulate loose surfaces.</p>
<h2>Other improvements</h2>
<ul>
<li>New rally stages on existing maps</li>
<li>Improved pacenote system</li>
<li>Performance improvements on large maps</li>
</ul>
<p>The update is free for all owners of the game.</p>`,
  },
]

/* -------------------------------------------------------------------------- */
/*                                 Standings                                  */
/* -------------------------------------------------------------------------- */

export const demoStandings: DemoStandings[] = [
  {
    championshipName: 'Formula 1 World Championship',
    season: '2026',
    sources: ['https://www.formula1.com/en/results/2026/drivers', 'https://www.fia.com/f1-results'],
    completedRounds: 22,
    totalRounds: 24,
    daysAgo: 1,
    drivers: [
      { driverName: 'Lando Norris', team: 'McLaren', points: 389 },
      { driverName: 'George Russell', team: 'Mercedes', points: 377 },
      { driverName: 'Oscar Piastri', team: 'McLaren', points: 368 },
      { driverName: 'Max Verstappen', team: 'Red Bull Racing', points: 331 },
      { driverName: 'Charles Leclerc', team: 'Ferrari', points: 264 },
      { driverName: 'Kimi Antonelli', team: 'Mercedes', points: 219 },
      { driverName: 'Lewis Hamilton', team: 'Ferrari', points: 187 },
      { driverName: 'Fernando Alonso', team: 'Aston Martin', points: 96 },
      { driverName: 'Carlos Sainz', team: 'Williams', points: 82 },
      { driverName: 'Isack Hadjar', team: 'Red Bull Racing', points: 71 },
    ],
  },
  {
    championshipName: 'IndyCar Series',
    season: '2026',
    sources: ['https://www.indycar.com/Standings'],
    completedRounds: 17,
    totalRounds: 17,
    daysAgo: 80,
    drivers: [
      { driverName: 'Alex Palou', team: 'Chip Ganassi Racing', points: 641 },
      { driverName: 'Pato O\u2019Ward', team: 'Arrow McLaren', points: 588 },
      { driverName: 'Scott Dixon', team: 'Chip Ganassi Racing', points: 521 },
      { driverName: 'Kyle Kirkwood', team: 'Andretti Global', points: 497 },
      { driverName: 'Scott McLaughlin', team: 'Team Penske', points: 478 },
      { driverName: 'Josef Newgarden', team: 'Team Penske', points: 455 },
      { driverName: 'Christian Lundgaard', team: 'Arrow McLaren', points: 431 },
      { driverName: 'Will Power', team: 'Andretti Global', points: 402 },
      { driverName: 'Felix Rosenqvist', team: 'Meyer Shank Racing', points: 377 },
      { driverName: 'Marcus Armstrong', team: 'Meyer Shank Racing', points: 344 },
    ],
  },
  {
    championshipName: 'NASCAR Cup Series',
    season: '2026',
    sources: ['https://www.nascar.com/standings/nascar-cup-series/'],
    completedRounds: 36,
    totalRounds: 36,
    daysAgo: 15,
    drivers: [
      { driverName: 'Kyle Larson', team: 'Hendrick Motorsports', points: 2418 },
      { driverName: 'Denny Hamlin', team: 'Joe Gibbs Racing', points: 2409 },
      { driverName: 'William Byron', team: 'Hendrick Motorsports', points: 2391 },
      { driverName: 'Christopher Bell', team: 'Joe Gibbs Racing', points: 2377 },
      { driverName: 'Ryan Blaney', team: 'Team Penske', points: 2352 },
      { driverName: 'Chase Elliott', team: 'Hendrick Motorsports', points: 2337 },
      { driverName: 'Tyler Reddick', team: '23XI Racing', points: 2318 },
      { driverName: 'Chase Briscoe', team: 'Joe Gibbs Racing', points: 2302 },
      { driverName: 'Joey Logano', team: 'Team Penske', points: 2289 },
      { driverName: 'Ty Gibbs', team: 'Joe Gibbs Racing', points: 2254 },
    ],
  },
  {
    championshipName: 'GT World Challenge Europe',
    season: '2026',
    sources: ['https://www.gt-world-challenge-europe.com/standings'],
    completedRounds: 10,
    totalRounds: 10,
    daysAgo: 34,
    drivers: [
      { driverName: 'Charles Weerts', team: 'Team WRT', points: 118 },
      { driverName: 'Raffaele Marciello', team: 'Team WRT', points: 112 },
      { driverName: 'Maro Engel', team: 'Mercedes-AMG Team GetSpeed', points: 104 },
      { driverName: 'Mattia Drudi', team: 'Comtoyou Racing', points: 97 },
      { driverName: 'Kelvin van der Linde', team: 'Rowe Racing', points: 89 },
      { driverName: 'Lucas Auer', team: 'Mercedes-AMG Team Winward', points: 83 },
      { driverName: 'Ricardo Feller', team: 'Tresor Attempto Racing', points: 76 },
      { driverName: 'Jules Gounon', team: 'Mercedes-AMG Team GetSpeed', points: 71 },
      { driverName: 'Thomas Neubauer', team: 'Emil Frey Racing', points: 64 },
      { driverName: 'Dries Vanthoor', team: 'Rowe Racing', points: 58 },
    ],
  },
  {
    championshipName: 'World Rally Championship',
    season: '2026',
    sources: ['https://www.wrc.com/en/championship/standings/drivers'],
    completedRounds: 13,
    totalRounds: 14,
    daysAgo: 6,
    drivers: [
      { driverName: 'Elfyn Evans', team: 'Toyota Gazoo Racing', points: 261 },
      { driverName: 'Sébastien Ogier', team: 'Toyota Gazoo Racing', points: 247 },
      { driverName: 'Thierry Neuville', team: 'Hyundai Shell Mobis WRT', points: 226 },
      { driverName: 'Oliver Solberg', team: 'Toyota Gazoo Racing', points: 184 },
      { driverName: 'Adrien Fourmaux', team: 'Hyundai Shell Mobis WRT', points: 171 },
      { driverName: 'Sami Pajari', team: 'Toyota Gazoo Racing', points: 133 },
      { driverName: 'Takamoto Katsuta', team: 'Toyota Gazoo Racing', points: 118 },
      { driverName: 'Hayden Paddon', team: 'Hyundai Shell Mobis WRT', points: 74 },
      { driverName: 'Josh McErlean', team: 'M-Sport Ford WRT', points: 52 },
      { driverName: 'Jon Armstrong', team: 'M-Sport Ford WRT', points: 39 },
    ],
  },
]

/* -------------------------------------------------------------------------- */
/*                                  Reviews                                   */
/* -------------------------------------------------------------------------- */

export const demoReviews: DemoReview[] = [
  {
    title: 'Le Mans Ultimate: the endurance sim finally grows up',
    content:
      'Le Mans Ultimate has turned into the most convincing multi-class endurance experience in sim racing. Hypercars feel heavy and planted, LMGT3 cars move around on worn tyres, and the traffic management between classes is exactly as tense as the real thing.\n\nThe ranked multiplayer still needs more structure, and some tracks show their age visually, but the night racing, rain and tyre model make every stint feel meaningful. If you love endurance racing, this is the sim to own.',
    author: 'Marta Kowalczyk',
    rating: '9.2',
    gameTitle: 'Le Mans Ultimate',
    sourceUrl: 'https://www.lemansultimate.com',
    image: '/demo/reviews/le-mans-ultimate-review.webp',
    daysAgo: 4,
  },
  {
    title: 'iRacing in 2026: still the benchmark for online racing',
    content:
      'No other service matches iRacing for organised, fair and competitive online racing. The safety-rating system keeps races clean, the matchmaking puts you with drivers of your level, and the laser-scanned tracks are second to none.\n\nThe cost of buying cars and tracks adds up quickly, and the graphics are functional rather than beautiful. But if you want to race real people every night of the week, nothing comes close.',
    author: 'Tom Ashworth',
    rating: '9.0',
    gameTitle: 'iRacing',
    sourceUrl: 'https://www.iracing.com',
    image: '/demo/reviews/iracing-review.webp',
    daysAgo: 12,
  },
  {
    title: 'Assetto Corsa Competizione: the GT3 specialist',
    content:
      'ACC does one thing and does it brilliantly: GT racing. The tyre model, the weather and the sounds make it one of the most immersive sims available, and the official GT World Challenge licence gives it authenticity.\n\nThe narrow focus will not suit everyone, and the graphics can be demanding in VR. But for GT3 fans it remains essential.',
    author: 'Luca Bernardi',
    rating: '8.5',
    gameTitle: 'Assetto Corsa Competizione',
    sourceUrl: 'https://www.assettocorsa.it/competizione/',
    image: '/demo/reviews/acc-review.webp',
    daysAgo: 21,
  },
  {
    title: 'Automobilista 2: the most fun you can have in a sim',
    content:
      'Automobilista 2 offers a huge variety of cars and tracks, from karts to Group C prototypes. Force feedback is detailed and the dynamic track conditions make each session feel different.\n\nThe multiplayer community is smaller than in iRacing or ACC, but for offline racing against AI it is one of the best sims available.',
    author: 'Rafael Costa',
    rating: '8.0',
    gameTitle: 'Automobilista 2',
    sourceUrl: 'https://www.game-automobilista2.com',
    image: '/demo/reviews/ams2-review.webp',
    daysAgo: 33,
  },
  {
    title: 'F1 25: a solid season with few surprises',
    content:
      'F1 25 delivers the complete Formula 1 experience with all teams, drivers and tracks. The handling has improved, especially on a wheel, and My Team mode has some welcome new features.\n\nHowever, many changes feel incremental, and the online experience is still marred by inconsistent penalties. A good game for F1 fans, but not a revolution.',
    author: 'Priya Raman',
    rating: '7.0',
    gameTitle: 'F1 25',
    sourceUrl: 'https://www.ea.com/games/f1/f1-25',
    image: '/demo/reviews/f1-25-review.webp',
    daysAgo: 47,
  },
  {
    title: 'Forza Motorsport: a capable racer in search of a soul',
    content:
      'Forza Motorsport has excellent graphics and a solid physics model, especially with a controller. The online multiplayer with safety ratings is a step in the right direction.\n\nUnfortunately, the car progression system feels like a grind, and the career mode lacks excitement. It is a good racing game, but it struggles to stand out against more focused sims.',
    author: 'Kenji Sato',
    rating: '5.5',
    gameTitle: 'Forza Motorsport',
    sourceUrl: 'https://forza.net',
    image: '/demo/reviews/forza-motorsport-review.webp',
    daysAgo: 60,
  },
  {
    title: 'Assetto Corsa EVO Early Access: promising, but not there yet',
    content:
      'Assetto Corsa EVO shows a lot of promise, with beautiful graphics and a solid physics foundation. The driving academy is a nice addition for new players.\n\nHowever, the Early Access version is still limited in content, and performance problems make it hard to recommend right now. Check back once the roadmap features arrive.',
    author: 'Sofia Lindqvist',
    rating: '4.8',
    gameTitle: 'Assetto Corsa EVO',
    sourceUrl: 'https://assettocorsa.gg',
    image: '/demo/reviews/ac-evo-review.webp',
    daysAgo: 18,
  },
  {
    title: 'Heusinkveld Sprint pedals: the upgrade that changes everything',
    content:
      'The Heusinkveld Sprint pedals are expensive but worth every cent. The load cell brake is precise and consistent, the build quality is exceptional, and the adjustability lets you set the pedals exactly how you want them.\n\nIf you are serious about sim racing, these pedals will make you faster and more consistent.',
    author: 'Tom Ashworth',
    rating: '9.5',
    gameTitle: null,
    sourceUrl: 'https://heusinkveld.com',
    image: '/demo/reviews/heusinkveld-sprint-review.webp',
    daysAgo: 9,
  },
  {
    title: 'Moza R5 bundle: a good first step into direct drive',
    content:
      'The Moza R5 bundle offers an affordable entry into direct drive, with a 5.5 Nm base, a wheel and pedals. The force feedback is detailed for the price, and the software is easy to use.\n\nThe included pedals are basic and the torque is limited, so you will want to upgrade eventually. But as a starter package, it is hard to beat.',
    author: 'Hannah Schulz',
    rating: '6.5',
    gameTitle: null,
    sourceUrl: 'https://mozaracing.com',
    image: '/demo/reviews/moza-r5-review.webp',
    daysAgo: 27,
  },
  {
    title: 'Logitech G29 in 2026: time to retire it?',
    content:
      'The Logitech G29 has introduced countless people to sim racing, but in 2026 it shows its age. The gear-driven force feedback is noisy and lacks detail, and the pedals are not very realistic.\n\nWith affordable direct-drive bases now widely available, it is hard to recommend the G29 unless you find it at a very low price.',
    author: 'Daniel Okafor',
    rating: '4.5',
    gameTitle: null,
    sourceUrl: 'https://www.logitechg.com',
    image: '/demo/reviews/logitech-g29-review.webp',
    daysAgo: 39,
  },
]

/* -------------------------------------------------------------------------- */
/*                                  Streams                                   */
/* -------------------------------------------------------------------------- */

export const demoStreams: DemoStream[] = [
  {
    title: 'LMU 6 Hours of Spa: hour 4, night stint',
    description:
      'Our Hypercar team is in the middle of a six-hour league race at Spa-Francorchamps in Le Mans Ultimate. Live driver swaps, strategy calls and team radio.',
    category: 'endurance',
    streamerName: 'NightStint Racing',
    streamUrl: 'https://www.twitch.tv/nightstintracing',
    isLive: true,
    viewerCount: 2841,
    tags: ['Le Mans Ultimate', 'Hypercar', 'Endurance', 'Team Stream', 'Spa'],
    hoursAgo: 4,
    image: '/demo/streams/lmu-spa-night.webp',
  },
  {
    title: 'F1 25 league night: Suzuka 50% race',
    description:
      'Tier 1 of our F1 25 league at Suzuka. Follow the championship leader as he defends his lead on the way to the season finale.',
    category: 'f1',
    streamerName: 'ApexHunterTV',
    streamUrl: 'https://www.twitch.tv/apexhuntertv',
    isLive: true,
    viewerCount: 1530,
    tags: ['F1 25', 'League', 'Suzuka'],
    hoursAgo: 1,
    image: '/demo/streams/f1-suzuka-league.webp',
  },
  {
    title: 'EA WRC Monte-Carlo stage practice with pacenotes',
    description: 'Practising Monte-Carlo stages with ice and snow ahead of a club event. Chat decides the tyre choice.',
    category: 'rally',
    streamerName: 'GravelGoblin',
    streamUrl: 'https://www.youtube.com/@gravelgoblin',
    isLive: true,
    viewerCount: 612,
    tags: ['EA WRC', 'Rally', 'Monte-Carlo', 'Snow', 'Pacenotes'],
    hoursAgo: 2,
    image: '/demo/streams/wrc-monte-carlo.webp',
  },
  {
    title: 'iRacing GT3 Fixed at Road Atlanta: chasing 3k iRating',
    description:
      'Back-to-back GT3 Fixed races at Road Atlanta in the Porsche 911 GT3 R. Clean racing, honest commentary and telemetry analysis between races.',
    category: 'gt3',
    streamerName: 'TrailBrakeTom',
    streamUrl: 'https://www.twitch.tv/trailbraketom',
    isLive: true,
    viewerCount: 947,
    tags: ['iRacing', 'GT3', 'Road Atlanta', 'Porsche'],
    hoursAgo: 3,
    image: '/demo/streams/iracing-gt3-road-atlanta.webp',
  },
  {
    title: 'ACC setup workshop: Monza low downforce',
    description: 'A detailed look at building a low-downforce setup for Monza in ACC, from wing angles to brake ducts.',
    category: 'gt3',
    streamerName: 'SetupShedSim',
    streamUrl: 'https://www.youtube.com/@setupshedsim',
    isLive: false,
    viewerCount: 0,
    tags: ['ACC', 'Setup', 'Monza'],
    hoursAgo: 20,
    image: '/demo/streams/acc-monza-setup.webp',
  },
  {
    title: 'Richard Burns Rally: Finnish stages with a pacenote coach',
    description:
      'A co-driver coach talks through pacenotes on classic Finnish stages in RBR. Offline session, recorded locally.',
    category: 'rally',
    streamerName: 'Pacenote Pete',
    streamUrl: null,
    isLive: false,
    viewerCount: 0,
    tags: ['Richard Burns Rally', 'Finland', 'Coaching'],
    hoursAgo: 30,
    image: '/demo/streams/rbr-finland.webp',
  },
  {
    title: 'Daytona 24 special event: full replay',
    description:
      'The full replay of our team\u2019s run in the iRacing 24 Hours of Daytona, including the late-race fight for the class podium.',
    category: 'endurance',
    streamerName: 'NightStint Racing',
    streamUrl: 'https://www.youtube.com/@nightstintracing',
    isLive: false,
    viewerCount: 0,
    tags: ['iRacing', 'Daytona', 'Endurance'],
    hoursAgo: 72,
    image: '/demo/streams/daytona-24-replay.webp',
  },
  {
    title: 'F1 hotlap guide: Monaco in F1 25',
    description: 'A corner-by-corner hotlap guide for Monaco with braking points and gear selection.',
    category: 'f1',
    streamerName: 'ApexHunterTV',
    streamUrl: 'https://www.youtube.com/@apexhuntertv',
    isLive: false,
    viewerCount: 0,
    tags: ['F1 25', 'Hotlap', 'Monaco'],
    hoursAgo: 48,
    image: '/demo/streams/f1-monaco-hotlap.webp',
  },
  {
    title: 'LMU Hypercar qualifying practice at Le Mans',
    description: 'Working on the perfect qualifying lap at Circuit de la Sarthe in the Hypercar class.',
    category: 'endurance',
    streamerName: 'SarthePilot',
    streamUrl: 'https://www.twitch.tv/sarthepilot',
    isLive: false,
    viewerCount: 0,
    tags: ['Le Mans Ultimate', 'Hypercar', 'Le Mans'],
    hoursAgo: 10,
    image: '/demo/streams/lmu-le-mans-quali.webp',
  },
  {
    title: 'DiRT Rally 2.0: Pikes Peak hillclimb challenge',
    description: 'Taking on the Pikes Peak hillclimb in DiRT Rally 2.0. Can we beat our personal best?',
    category: 'rally',
    streamerName: 'GravelGoblin',
    streamUrl: 'https://www.youtube.com/@gravelgoblin',
    isLive: false,
    viewerCount: 0,
    tags: ['DiRT Rally 2.0', 'Hillclimb', 'Pikes Peak'],
    hoursAgo: 96,
    image: '/demo/streams/dirt-pikes-peak.webp',
  },
  {
    title: 'AMS2 Formula Classic at Interlagos 1991',
    description: 'Racing Formula Classic cars at the historic Interlagos layout in Automobilista 2.',
    category: 'f1',
    streamerName: 'RetroRacerBR',
    streamUrl: null,
    isLive: false,
    viewerCount: 0,
    tags: ['Automobilista 2', 'Formula Classic', 'Interlagos'],
    hoursAgo: 36,
    image: '/demo/streams/ams2-interlagos.webp',
  },
  {
    title: 'GT7 Sport Mode: daily race B',
    description: 'Daily race B in Gran Turismo 7 Sport Mode. Working on consistency and clean overtakes.',
    category: 'gt3',
    streamerName: 'SportModeSam',
    streamUrl: 'https://www.twitch.tv/sportmodesam',
    isLive: false,
    viewerCount: 0,
    tags: ['Gran Turismo 7', 'Sport Mode', 'Daily Race'],
    hoursAgo: 14,
    image: '/demo/streams/gt7-daily-race.webp',
  },
]

/* -------------------------------------------------------------------------- */
/*                               Library images                               */
/* -------------------------------------------------------------------------- */

export const demoLibraryImages: DemoLibraryImage[] = [
  {
    name: 'Eau Rouge at Dusk',
    category: 'Tracks',
    description: 'A stylised view of the famous Eau Rouge and Raidillon sequence as the sun sets.',
    image: '/demo/library/eau-rouge-dusk.webp',
  },
  {
    name: 'Chequered Flag',
    category: 'Flags',
    description: 'The chequered flag waving at the end of a race.',
    image: '/demo/library/chequered-flag.webp',
  },
  {
    name: 'Cockpit POV',
    category: 'Cockpits',
    description: 'A driver\u2019s view from the cockpit of a GT car with the wheel and dashboard.',
    image: '/demo/library/cockpit-pov.webp',
  },
  {
    name: 'Pit Lane',
    category: 'Paddock',
    description: 'A busy pit lane during a pit stop window.',
    image: '/demo/library/pit-lane.webp',
  },
  {
    name: 'Forest Rally Stage',
    category: 'Rally',
    description: 'A gravel rally stage through a dense pine forest.',
    image: '/demo/library/forest-rally-stage.webp',
  },
  {
    name: 'GT3 Grid',
    category: 'Racing',
    description: 'A grid of GT3 cars lined up before the start.',
    image: '/demo/library/gt3-grid.webp',
  },
  {
    name: 'Night Endurance',
    category: 'Endurance',
    description: 'Headlights streaking through the night during an endurance race.',
    image: '/demo/library/night-endurance.webp',
  },
  {
    name: 'Sim Rig Setup',
    category: 'Hardware',
    description: 'A complete sim racing rig with triple monitors, wheel and pedals.',
    image: '/demo/library/sim-rig-setup.webp',
  },
]

/* -------------------------------------------------------------------------- */
/*                               Site settings                                */
/* -------------------------------------------------------------------------- */

export const demoSiteSettings = {
  hero_image: '/demo/hero.webp',
  overlay_transparency: '50',
}
