import { count, eq } from 'drizzle-orm'
import { db, type Database } from '../db/client.ts'
import {
  buildAccessory,
  buildChampionshipResult,
  buildGame,
  buildLibraryImage,
  buildNews,
  buildReview,
  buildStream,
} from './factories.ts'
import {
  accessories,
  calendarEvents,
  calendarSessions,
  championshipResults,
  games,
  imageLibrary,
  newsArticles,
  reviews,
  siteSettings,
  standingsRows,
  standingsSets,
  streams,
} from '../db/schema.ts'
import {
  demoGames,
  demoAccessories,
  demoLibraryImages,
  demoNews,
  demoReviews,
  demoSiteSettings,
  demoStandings,
  demoStreams,
} from './content.ts'
import { demoResults } from './results.ts'
import { randomUUID } from 'node:crypto'
import { DEMO_CUP, demoCupCalendar, demoRaceFiles } from './race-files.ts'
import { UID_DOMAIN } from '../../lib/calendar.ts'
import { f1PointsSystem } from '../../lib/race-points.ts'
import { importResultFile } from '../results/import.ts'
import { withSanitizedContent } from '../repos/news.repo.ts'

const MARKER = 'demo_seeded_at'
const hour = 3_600_000
const day = 24 * hour

/**
 * Writes the demo content once, on an empty database, in one transaction: a start that is
 * killed half-way leaves nothing behind, and a second run finds the marker and does nothing.
 * Returns whether it wrote anything. `database` is the process's own unless given (a benchmark
 * passes its scratch database's connection, never the one the environment names).
 */
export async function seedDemoContent(now = new Date(), database: Database = db()): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [marker] = await tx.select().from(siteSettings).where(eq(siteSettings.key, MARKER))
    if (marker) return false
    const [existing] = await tx.select({ n: count() }).from(games)
    const [existingNews] = await tx.select({ n: count() }).from(newsArticles)
    if ((existing?.n ?? 0) > 0 || (existingNews?.n ?? 0) > 0) return false

    const ago = (ms: number) => new Date(now.getTime() - ms)
    // Newest first in the list order; created times follow the array order for stable sorting.
    const stagger = (i: number, total: number) => ago((total - i) * 60_000)

    const gameRows = await tx
      .insert(games)
      .values(
        demoGames.map((g, i) =>
          buildGame({
            title: g.title,
            description: g.description,
            category: g.category,
            price: g.price,
            rating: g.rating,
            platform: g.platform,
            websiteUrl: g.websiteUrl,
            steamUrl: g.steamUrl,
            featured: g.featured,
            imageUrl: g.image,
            createdAt: stagger(i, demoGames.length),
          }),
        ),
      )
      .returning({ id: games.id, title: games.title })
    const gameIds = new Map(gameRows.map((g) => [g.title, g.id]))

    await tx.insert(accessories).values(
      demoAccessories.map((h, i) =>
        buildAccessory({
          name: h.name,
          brand: h.brand,
          category: h.category,
          description: h.description,
          purchaseUrl: h.purchaseUrl,
          featured: h.featured,
          imageUrl: h.image,
          createdAt: stagger(i, demoAccessories.length),
        }),
      ),
    )

    const newsByAge = [...demoNews].sort((a, b) => a.daysAgo - b.daysAgo)
    await tx.insert(newsArticles).values(
      // Stored as every write stores an article: sanitized (news.repo.ts).
      newsByAge.map((n, i) =>
        withSanitizedContent(
          buildNews({
            title: n.title,
            category: n.category,
            author: n.author,
            contentType: n.contentType,
            sourceUrl: n.sourceUrl,
            content: n.content,
            imageUrl: n.image,
            displayOrder: i + 1,
            timestamp: ago(n.daysAgo * day + i * 7 * 60_000),
          }),
        ),
      ),
    )

    for (const [i, s] of demoStandings.entries()) {
      await insertStandings(tx, {
        championshipName: s.championshipName,
        season: s.season,
        completedRounds: s.completedRounds,
        totalRounds: s.totalRounds,
        lastUpdated: ago(s.daysAgo * day),
        // The race-results cup goes second: the home page's four cards show one of each source kind.
        displayOrder: i === 0 ? 1 : i + 2,
        sourceUrls: s.sources,
        drivers: s.drivers,
      })
    }

    // A championship built from race results (docs/decisions/0421): the demo's ACC and LMU files,
    // imported as the owner would, so the standings and /lap-times show real imports.
    const [cup] = await tx
      .insert(standingsSets)
      .values({
        championshipName: DEMO_CUP,
        season: '2026',
        source: 'results',
        pointsSystem: f1PointsSystem({ fastestLap: 1 }),
        completedRounds: 0,
        totalRounds: 6,
        displayOrder: 2,
        lastUpdated: ago(9 * day),
      })
      .returning({ id: standingsSets.id })
    for (const file of demoRaceFiles(now)) {
      await importResultFile({ ...file, championshipId: cup!.id, now }, tx)
    }
    // Its six rounds on the race calendar (docs/decisions/0425); Formula 1's come from Jolpica-F1
    // once the scheduler has read them.
    for (const event of demoCupCalendar(now)) {
      const [created] = await tx
        .insert(calendarEvents)
        .values({
          uid: `${randomUUID()}@${UID_DOMAIN}`,
          setId: cup!.id,
          source: 'owner',
          season: '2026',
          round: event.round,
          name: event.name,
          track: event.track,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: calendarEvents.id })
      await tx.insert(calendarSessions).values(
        event.sessions.map((s) => ({
          ...s,
          eventId: created!.id,
          uid: `${randomUUID()}@${UID_DOMAIN}`,
          updatedAt: now,
        })),
      )
    }

    await tx.insert(championshipResults).values(demoResults.map((r) => buildChampionshipResult(r)))

    await tx.insert(reviews).values(
      demoReviews.map((r) =>
        buildReview({
          title: r.title,
          content: r.content,
          author: r.author,
          rating: r.rating,
          gameId: r.gameTitle ? (gameIds.get(r.gameTitle) ?? null) : null,
          sourceUrl: r.sourceUrl,
          imageUrl: r.image,
          timestamp: ago(r.daysAgo * day),
        }),
      ),
    )

    await tx.insert(streams).values(
      demoStreams.map((s) =>
        buildStream({
          title: s.title,
          description: s.description,
          category: s.category,
          streamerName: s.streamerName,
          streamUrl: s.streamUrl,
          isLive: s.isLive,
          viewerCount: s.viewerCount,
          tags: s.tags,
          thumbnailUrl: s.image,
          startTime: ago(s.hoursAgo * hour),
          // A recorded stream has ended (two hours in): a refresh of its channel leaves it alone.
          endTime: s.isLive ? null : ago((s.hoursAgo - 2) * hour),
        }),
      ),
    )

    await tx.insert(imageLibrary).values(
      demoLibraryImages.map((img, i) =>
        buildLibraryImage({
          name: img.name,
          category: img.category,
          description: img.description,
          url: img.image,
          source: 'seed',
          createdAt: stagger(i, demoLibraryImages.length),
        }),
      ),
    )

    const settings = Object.entries(demoSiteSettings).map(([key, value]) => ({ key, value: String(value) }))
    await tx
      .insert(siteSettings)
      .values([...settings, { key: MARKER, value: now.toISOString() }])
      .onConflictDoNothing()
    return true
  })
}

async function insertStandings(
  tx: Database,
  s: {
    championshipName: string
    season: string
    completedRounds: number
    totalRounds: number
    lastUpdated: Date
    displayOrder: number
    sourceUrls: string[]
    drivers: { driverName: string; team: string; points: number }[]
  },
) {
  const { drivers, ...set } = s
  const [created] = await tx.insert(standingsSets).values(set).returning({ id: standingsSets.id })
  await tx
    .insert(standingsRows)
    .values(drivers.map((d, rowIndex) => ({ ...d, setId: created!.id, rowIndex, position: rowIndex + 1 })))
}
