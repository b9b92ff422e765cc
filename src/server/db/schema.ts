/**
 * The data model of both specifications, the single source of truth:
 * drizzle-kit generates supabase/migrations/*.sql from it, and the zod schemas of the
 * routes take their shapes from these tables. Constraints live here (and so in SQL).
 */
import { sql } from 'drizzle-orm'
import type { ClassifiedCar } from '../../lib/results/types.ts'
import type { PointsSystem } from '../../lib/race-points.ts'
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const contentTypeEnum = pgEnum('content_type', ['motorsport', 'e-sports'])
export const frequencyEnum = pgEnum('schedule_frequency', ['weekly', 'daily'])
/**
 * What the scheduler runs: the owner's schedules (standings, news, streams, games; 'digest': the
 * newsletter's weekly or daily digest, docs/decisions/0802, in the site's time zone), and the site's
 * own housekeeping, which runs whatever the owner's switches say: 'analytics' (the daily fold of the
 * audience figures, their 90-day prune and the salt rotation) and 'links' (the weekly link check).
 */
export const scheduleKindEnum = pgEnum('schedule_kind', [
  'standings',
  'news',
  'streams',
  'games',
  'digest',
  'analytics',
  'links',
])
export const aiServiceEnum = pgEnum('ai_service', ['openai', 'perplexity'])
export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'completed', 'failed'])
export const publishStatusEnum = pgEnum('publish_status', ['live', 'pending', 'building'])
/** AI articles start as drafts the owner reviews; everything else is published when saved. */
export const newsStatusEnum = pgEnum('news_status', ['draft', 'published'])
export const seoPageEnum = pgEnum('seo_page', [
  'home',
  'games',
  'championships',
  'accessories',
  'news',
  'streams',
  'reviews',
])

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    /** Free text: '92%', 'N/A', 'Not yet rated', '' (see src/lib/game-rating.ts). */
    rating: text('rating').notNull().default(''),
    websiteUrl: text('website_url'),
    steamUrl: text('steam_url'),
    category: text('category').notNull().default(''),
    price: text('price').notNull().default(''),
    platform: text('platform').notNull().default(''),
    featured: boolean('featured').notNull().default(false),
    /** Last successful refresh from the Steam store (price, description, picture). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The fields the Steam refresh keeps up to date ('price', 'description', 'imageUrl'): those it
     * filled while blank and those the owner handed back with "Use the store's". Every other field
     * the owner wrote is kept; the refresh shows the store's value beside it (docs/decisions/0622).
     */
    storeFields: text('store_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What the Steam store said at the last refresh: { price?, description?, imageUrl? }. */
    storeValues: jsonb('store_values').$type<{ price?: string; description?: string; imageUrl?: string }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('games_title_not_blank', sql`length(trim(${t.title})) > 0`),
    index('games_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('games_featured_idx').on(t.featured),
  ],
).enableRLS()

export const accessories = pgTable(
  'accessories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    category: text('category').notNull().default(''),
    purchaseUrl: text('purchase_url').notNull(),
    rating: text('rating').notNull().default('4.5'),
    price: text('price').notNull().default('Contact Manufacturer'),
    featured: boolean('featured').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('accessories_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('accessories_purchase_url_not_blank', sql`length(trim(${t.purchaseUrl})) > 0`),
    index('accessories_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('accessories_featured_idx').on(t.featured),
  ],
).enableRLS()

export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitized HTML (allow-list) as written; sanitized again when rendered. */
    content: text('content').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    category: text('category').notNull().default('News'),
    author: text('author').notNull(),
    sourceUrl: text('source_url'),
    contentType: contentTypeEnum('content_type').notNull().default('motorsport'),
    /** Drafts (AI articles before review) never reach the public site, its API, feed or sitemap. */
    status: newsStatusEnum('status').notNull().default('published'),
    /**
     * A draft with a publish time is scheduled: the every-minute scheduler publishes it once the time
     * has come (status becomes 'published'). Null on drafts kept by hand and on published articles.
     */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    /** Written with AI: the article page shows an 'AI-assisted' label and its sources. */
    aiGenerated: boolean('ai_generated').notNull().default(false),
    /** The web pages the AI answer was based on (at least 2 for AI articles). */
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower comes first; move up/down swaps neighbours. New articles go to the top. */
    displayOrder: integer('display_order').notNull().default(0),
    /**
     * The words of the article's address, `/news/{id}/{slug}` (docs/decisions/0871): made from the
     * title by a trigger when the article is first published (null before), kept when the title
     * changes, changed only by the owner (null again: made from the title anew).
     */
    slug: text('slug'),
    timestamp: timestamp('timestamp', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the visitor search looks in (spec 000 section 5: title, excerpt, content), lowercased,
     * the content as text the way htmlToText reads it. Kept by Postgres, indexed with trigrams so a
     * substring search does not read every article (docs/decisions/0110). Never sent by the API.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(title || chr(10) || excerpt || chr(10) || regexp_replace(replace(replace(replace(replace(replace(replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), '\\s+', ' ', 'g'))`,
      ),
  },
  (t) => [
    check('news_title_not_blank', sql`length(trim(${t.title})) > 0`),
    check('news_author_not_blank', sql`length(trim(${t.author})) > 0`),
    index('news_order_idx').on(t.displayOrder, t.timestamp.desc(), t.id.desc()),
    index('news_category_idx').on(t.category),
    index('news_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // 'Did you mean' reads the titles whose words are nearest a typed word (decision 0872).
    index('news_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // A relevance search reads the excerpts that hold its term, and the newest articles first (decision 0872).
    index('news_excerpt_trgm_idx').using('gin', sql`lower(${t.excerpt}) gin_trgm_ops`),
    index('news_newest_idx').on(t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('news_status_idx').on(t.status),
    index('news_publish_at_idx').on(t.publishAt),
    check('news_ai_has_sources', sql`NOT ${t.aiGenerated} OR cardinality(${t.sources}) >= 2`),
    check('news_slug_valid', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(${t.slug}) <= 80`),
  ],
).enableRLS()

/**
 * A championship's standings table, ordered by displayOrder on the public pages. Its source says
 * where the table comes from (docs/decisions/0420): 'jolpica' (official results read from
 * Jolpica-F1: series and season), 'results' (computed from the race result files imported into it,
 * with the owner's points system) or 'ai' (the AI generator, the labelled fallback).
 */
export const standingsSets = pgTable(
  'standings_sets',
  {
    id: serial('id').primaryKey(),
    championshipName: text('championship_name').notNull(),
    season: text('season').notNull().default('2025'),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedRounds: integer('completed_rounds'),
    totalRounds: integer('total_rounds'),
    displayOrder: integer('display_order').notNull().default(0),
    source: text('source').notNull().default('ai'),
    /** Jolpica-F1: the series ('f1') and season ('current' or a year) read. */
    sourceSeries: text('source_series'),
    sourceSeason: text('source_season'),
    /** Race results: the points per finishing position and the bonus points. */
    pointsSystem: jsonb('points_system').$type<PointsSystem>(),
    /**
     * Race results: the one class it counts ('GT3', 'LMGT3', or a cup such as 'GT3 Pro-Am'), by class
     * positions; null counts every car (docs/decisions/0424).
     */
    carClass: text('car_class'),
    /** The pages the table was taken from: the AI's search results, or the Jolpica-F1 address read. */
    sourceUrls: text('source_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    check('standings_sets_name_not_blank', sql`length(trim(${t.championshipName})) > 0`),
    check(
      'standings_sets_rounds_valid',
      sql`(${t.completedRounds} IS NULL OR ${t.completedRounds} >= 0) AND (${t.totalRounds} IS NULL OR ${t.totalRounds} >= 0)`,
    ),
    check('standings_sets_source_valid', sql`${t.source} IN ('ai', 'jolpica', 'results')`),
    check(
      'standings_sets_jolpica_named',
      sql`${t.source} <> 'jolpica' OR (${t.sourceSeries} IS NOT NULL AND ${t.sourceSeason} IS NOT NULL)`,
    ),
    check('standings_sets_results_scored', sql`${t.source} <> 'results' OR ${t.pointsSystem} IS NOT NULL`),
    check('standings_sets_class_not_blank', sql`${t.carClass} IS NULL OR length(trim(${t.carClass})) > 0`),
    index('standings_sets_order_idx').on(t.displayOrder, t.id),
  ],
).enableRLS()

/** The driver rows of a standings set; rowIndex is the 0-based driverIndex of the admin API. */
export const standingsRows = pgTable(
  'standings_rows',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => standingsSets.id, { onDelete: 'cascade' }),
    rowIndex: integer('row_index').notNull(),
    position: integer('position').notNull(),
    driverName: text('driver_name').notNull(),
    team: text('team').notNull().default(''),
    points: doublePrecision('points').notNull().default(0),
    /** Set when the owner edited the row by hand: a refresh (AI or scheduler) keeps such rows. */
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.rowIndex] }),
    check('standings_rows_index_valid', sql`${t.rowIndex} >= 0`),
    check('standings_rows_position_valid', sql`${t.position} >= 1`),
  ],
).enableRLS()

/** Individual championship result entries (spec 001: name, team, points, position, ...). */
export const championshipResults = pgTable(
  'championship_results',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    team: text('team').notNull().default(''),
    points: integer('points').notNull().default(0),
    position: integer('position').notNull(),
    championshipType: text('championship_type').notNull().default('esports'),
    lastLap: text('last_lap'),
    status: text('status'),
    officialUrl: text('official_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('championship_results_position_valid', sql`${t.position} >= 1`),
    index('championship_results_order_idx').on(t.championshipType, t.position),
  ],
).enableRLS()

/**
 * One imported race result file (an ACC JSON or an LMU / rFactor 2 XML session): its
 * classification as read, the round of the championship it counts for. Deleting the championship
 * leaves the session and its laps (lap records stay true); its version keeps the link, so a restore
 * links the rounds again (docs/decisions/0421).
 */
export const raceSessions = pgTable(
  'race_sessions',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id').references(() => standingsSets.id, { onDelete: 'set null' }),
    round: integer('round'),
    /** SHA-256 of the file's bytes: the same file is never imported twice. */
    fileHash: text('file_hash').notNull(),
    /**
     * SHA-256 of what the session is (src/lib/results/classify.ts sessionFingerprint: circuit, kind,
     * start, classification, valid laps), whatever bytes carried it: the same race re-encoded or with a
     * trailing newline is refused too (docs/decisions/0424). Null for sessions imported before it was
     * kept, which are recognized by their bytes.
     */
    sessionKey: text('session_key'),
    fileName: text('file_name').notNull().default(''),
    /** acc or lmu */
    format: text('format').notNull(),
    /** race, qualifying, practice or warmup */
    sessionType: text('session_type').notNull(),
    /** One name per circuit (src/lib/results/tracks.ts). */
    track: text('track').notNull(),
    /** The year or layout of the circuit's version ('2019', 'Sebring School Circuit'), '' when none. */
    trackVariant: text('track_variant').notNull().default(''),
    serverName: text('server_name').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Whether the file gave the start; when not, `startedAt` is the import's time. */
    startKnown: boolean('start_known').notNull().default(true),
    classification: jsonb('classification').$type<ClassifiedCar[]>().notNull(),
    /** Valid laps stored for this session. */
    lapCount: integer('lap_count').notNull().default(0),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('race_sessions_file_hash_idx').on(t.fileHash),
    uniqueIndex('race_sessions_session_key_idx').on(t.sessionKey),
    index('race_sessions_set_idx').on(t.setId, t.round),
    check('race_sessions_format_valid', sql`${t.format} IN ('acc', 'lmu')`),
    check('race_sessions_type_valid', sql`${t.sessionType} IN ('race', 'qualifying', 'practice', 'warmup')`),
    check('race_sessions_round_valid', sql`${t.round} IS NULL OR ${t.round} BETWEEN 1 AND 1000`),
    check('race_sessions_track_not_blank', sql`length(trim(${t.track})) > 0`),
  ],
).enableRLS()

/**
 * Every valid lap of an imported session. `personalBest` marks each driver's fastest lap per track
 * and car (kept by the import and by a session's deletion): /api/lap-times reads only those rows.
 */
export const raceLaps = pgTable(
  'race_laps',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => raceSessions.id, { onDelete: 'cascade' }),
    driverName: text('driver_name').notNull(),
    /**
     * One driver across files: `id:<platform id>` where the file has one (ACC), else the name folded
     * (case, spacing); laps are grouped by car as well (src/lib/race-points.ts lapDriverKey).
     */
    driverKey: text('driver_key').notNull(),
    team: text('team').notNull().default(''),
    car: text('car').notNull(),
    track: text('track').notNull(),
    lapMs: integer('lap_ms').notNull(),
    lapNumber: integer('lap_number').notNull(),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull(),
    personalBest: boolean('personal_best').notNull().default(false),
  },
  (t) => [
    check('race_laps_time_valid', sql`${t.lapMs} > 0`),
    index('race_laps_session_idx').on(t.sessionId),
    index('race_laps_group_idx').on(t.track, t.car, t.driverKey, t.lapMs),
    index('race_laps_best_idx')
      .on(t.lapMs, t.id)
      .where(sql`${t.personalBest}`),
    index('race_laps_best_track_idx')
      .on(t.track, t.lapMs, t.id)
      .where(sql`${t.personalBest}`),
    index('race_laps_best_track_car_idx')
      .on(t.track, t.car, t.lapMs, t.id)
      .where(sql`${t.personalBest}`),
  ],
).enableRLS()

/**
 * The race calendar (docs/decisions/0425): an event is a race weekend of a championship (the owner's,
 * `source` 'owner', always of a championship) or of a series read from its schedule (`source`
 * 'jolpica': Formula 1 from Jolpica-F1, `series` 'f1'). Its `uid` is the iCalendar UID of the event
 * and never changes; a round of the owner's championship links to the results imported as that round.
 * Deleting a championship deletes its calendar.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull(),
    setId: integer('set_id').references(() => standingsSets.id, { onDelete: 'cascade' }),
    source: text('source').notNull().default('owner'),
    series: text('series'),
    season: text('season').notNull().default(''),
    round: integer('round'),
    name: text('name').notNull(),
    track: text('track').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('calendar_events_uid_idx').on(t.uid),
    index('calendar_events_set_idx').on(t.setId, t.round),
    check('calendar_events_source_valid', sql`${t.source} IN ('owner', 'jolpica')`),
    check('calendar_events_owner_has_championship', sql`${t.source} <> 'owner' OR ${t.setId} IS NOT NULL`),
    check('calendar_events_series_named', sql`${t.source} <> 'jolpica' OR ${t.series} IS NOT NULL`),
    check('calendar_events_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('calendar_events_round_valid', sql`${t.round} IS NULL OR ${t.round} BETWEEN 1 AND 1000`),
  ],
).enableRLS()

/**
 * The sessions of a calendar event (practice, qualifying, race...), each an iCalendar event of its
 * own with a `uid` that never changes: a session moved keeps it and its `sequence` goes up, so a
 * subscriber's calendar moves it rather than adding a second one.
 */
export const calendarSessions = pgTable(
  'calendar_sessions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    sequence: integer('sequence').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('calendar_sessions_uid_idx').on(t.uid),
    index('calendar_sessions_event_idx').on(t.eventId, t.startsAt),
    index('calendar_sessions_start_idx').on(t.startsAt),
    check('calendar_sessions_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('calendar_sessions_duration_valid', sql`${t.durationMinutes} BETWEEN 1 AND 10080`),
  ],
).enableRLS()

/**
 * The calendar's own work, one row each: 'f1' (when Jolpica-F1's schedule was last read, tried, and
 * why it failed) and 'rollover' (sessions that started up to `done_at` have purged the pages that
 * showed them as next).
 */
export const calendarSync = pgTable('calendar_sync', {
  name: text('name').primaryKey(),
  attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  season: text('season'),
  error: text('error'),
}).enableRLS()

/**
 * Calls made to outside services with published rate limits (Jolpica-F1: 4 a second, 500 an hour).
 * Serverless instances share no memory, so the limit is counted here; rows older than an hour go.
 */
export const outboundRequests = pgTable(
  'outbound_requests',
  {
    id: serial('id').primaryKey(),
    service: text('service').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('outbound_requests_service_idx').on(t.service, t.requestedAt)],
).enableRLS()

export const streams = pgTable(
  'streams',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('Racing'),
    streamUrl: text('stream_url'),
    thumbnailUrl: text('thumbnail_url').notNull().default(''),
    streamerName: text('streamer_name').notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    isLive: boolean('is_live').notNull().default(false),
    viewerCount: integer('viewer_count').notNull().default(0),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Last successful refresh from Twitch or YouTube (live status, viewers, title, thumbnail). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The owner asked for the platform's title and thumbnail: a refresh takes the video's, or the
     * channel's live broadcast's. Off, the owner's are kept (docs/decisions/0621).
     */
    platformTexts: boolean('platform_texts').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('streams_viewer_count_non_negative', sql`${t.viewerCount} >= 0`),
    check('streams_title_not_blank', sql`length(trim(${t.title})) > 0`),
    index('streams_order_idx').on(t.isLive.desc(), t.startTime.desc(), t.id.desc()),
  ],
).enableRLS()

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    author: text('author').notNull().default(''),
    /** Out of 10, one decimal; answered as a numeric string ('8.5'). */
    rating: numeric('rating', { precision: 3, scale: 1 }).notNull(),
    imageUrl: text('image_url').notNull().default(''),
    sourceUrl: text('source_url'),
    /** The platform the review is about (PC, PS5, ...); the admin form's Platform input. */
    platform: text('platform').notNull().default(''),
    /** When the review itself was published (the form's Review date); null when unknown. */
    reviewDate: timestamp('review_date', { withTimezone: true, mode: 'date' }),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    timestamp: timestamp('timestamp', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} >= 0 AND ${t.rating} <= 10`),
    check('reviews_title_not_blank', sql`length(trim(${t.title})) > 0`),
    index('reviews_order_idx').on(t.timestamp.desc(), t.id.desc()),
    index('reviews_game_idx').on(t.gameId),
  ],
).enableRLS()

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
}).enableRLS()

export const imageLibrary = pgTable(
  'image_library',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    name: text('name').notNull().default('Racing Image'),
    category: text('category').notNull().default('general'),
    description: text('description').notNull().default(''),
    /** Where it came from: upload, ai, site, url, seed. */
    source: text('source').notNull().default('upload'),
    createdAt: createdAt(),
  },
  (t) => [
    check('image_library_url_not_data', sql`${t.url} NOT LIKE 'data:%'`),
    index('image_library_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
).enableRLS()

export const seoSettings = pgTable('seo_settings', {
  page: seoPageEnum('page').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  keywords: text('keywords').notNull().default(''),
  updatedAt: updatedAt(),
}).enableRLS()

/** Single row (id = 1): the prompts the AI news generator uses. */
export const aiSettings = pgTable(
  'ai_settings',
  {
    id: integer('id').primaryKey().default(1),
    contentPrompt: text('content_prompt').notNull().default(''),
    focusPrompt: text('focus_prompt').notNull().default(''),
    wordCount: integer('word_count').notNull().default(350),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ai_settings_singleton', sql`${t.id} = 1`),
    check('ai_settings_word_count_range', sql`${t.wordCount} BETWEEN 50 AND 3000`),
  ],
).enableRLS()

/** Single row (id = 1): the scheduler's master switches and test mode. */
export const schedulerSettings = pgTable(
  'scheduler_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    testMode: boolean('test_mode').notNull().default(false),
    testIntervalMinutes: integer('test_interval_minutes').notNull().default(2),
    generateNews: boolean('generate_news').notNull().default(true),
    refreshStandings: boolean('refresh_standings').notNull().default(true),
    /** Spec 001 section 4: flags for refreshing streams and games too. */
    refreshStreams: boolean('refresh_streams').notNull().default(true),
    refreshGames: boolean('refresh_games').notNull().default(true),
    championships: text('championships')
      .array()
      .notNull()
      .default(sql`ARRAY['Formula 1','IndyCar Series']::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('scheduler_settings_singleton', sql`${t.id} = 1`),
    check('scheduler_settings_interval_valid', sql`${t.testIntervalMinutes} BETWEEN 1 AND 1440`),
  ],
).enableRLS()

/** One row per scheduled job (standings, news). */
export const schedulerJobs = pgTable(
  'scheduler_jobs',
  {
    kind: scheduleKindEnum('kind').primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    frequency: frequencyEnum('frequency').notNull().default('weekly'),
    dayOfWeek: integer('day_of_week').notNull().default(1),
    hour: integer('hour').notNull().default(6),
    minute: integer('minute').notNull().default(0),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('scheduler_jobs_day_of_week', sql`${t.dayOfWeek} BETWEEN -1 AND 6`),
    check('scheduler_jobs_daily_has_no_day', sql`(${t.frequency} = 'daily') = (${t.dayOfWeek} = -1)`),
    check('scheduler_jobs_hour', sql`${t.hour} BETWEEN 0 AND 23`),
    // Spec 001's jobs on the quarter hour; the newsletter's digest at any minute (issue 45). The kind
    // is compared as text: a fresh database's migrations run in one transaction, and one of them adds
    // 'digest' to the enum, which Postgres does not let the same transaction use as a value.
    check(
      'scheduler_jobs_minute',
      sql`${t.minute} IN (0, 15, 30, 45) OR (${t.kind}::text = 'digest' AND ${t.minute} BETWEEN 0 AND 59)`,
    ),
  ],
).enableRLS()

export const schedulerRuns = pgTable(
  'scheduler_runs',
  {
    id: serial('id').primaryKey(),
    kind: scheduleKindEnum('kind').notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    status: jobStatusEnum('status').notNull().default('running'),
    message: text('message'),
    /**
     * The slot this run serves ('news:2026-11-23T06:00Z', 'test:2026-11-23T06:02Z', 'manual:<uuid>'):
     * unique, so two overlapping ticks cannot both claim it.
     */
    slotKey: text('slot_key')
      .notNull()
      .default(sql`('run:' || gen_random_uuid()::text)`),
    /** The job doing the work (bulk news or standings refresh). */
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** When this schedule fires next, as computed when the run started. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('scheduler_runs_started_idx').on(t.startedAt.desc()),
    uniqueIndex('scheduler_runs_slot_key').on(t.slotKey),
  ],
).enableRLS()

/** Every AI call, for the diagnostics panel (usage, cost, errors). */
export const aiCallLog = pgTable(
  'ai_call_log',
  {
    id: serial('id').primaryKey(),
    service: aiServiceEnum('service').notNull(),
    feature: text('feature').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    cost: numeric('cost', { precision: 12, scale: 6 }).notNull().default('0'),
    latencyMs: integer('latency_ms').notNull().default(0),
    ok: boolean('ok').notNull(),
    error: text('error'),
    /** ok, rate_limited, server_error, timeout, network, invalid_output, client_error. */
    outcome: text('outcome').notNull().default('ok'),
    /** The HTTP status the provider answered (null when no answer came). */
    httpStatus: integer('http_status'),
    /** Whether the cost came from the provider's usage or from our price table. */
    costSource: text('cost_source').notNull().default('price_table'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'ai_call_log_tokens_non_negative',
      sql`${t.inputTokens} >= 0 AND ${t.outputTokens} >= 0 AND ${t.totalTokens} >= 0`,
    ),
    index('ai_call_log_service_time_idx').on(t.service, t.createdAt.desc()),
    index('ai_call_log_time_idx').on(t.createdAt.desc()),
  ],
).enableRLS()

/**
 * Money set aside for AI calls in flight (docs/decisions/0406): a call reserves its worst case
 * under a lock before it is sent, so parallel calls near the monthly budget cannot all pass the
 * check; the reservation is deleted once the call's real cost is in the ledger. A reservation left
 * by a crashed process stops counting at `expires_at`.
 */
export const aiSpendReservations = pgTable(
  'ai_spend_reservations',
  {
    id: serial('id').primaryKey(),
    service: aiServiceEnum('service').notNull(),
    feature: text('feature').notNull(),
    amount: numeric('amount', { precision: 12, scale: 6 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('ai_spend_reservations_amount', sql`${t.amount} >= 0`),
    index('ai_spend_reservations_expires_idx').on(t.expiresAt),
  ],
).enableRLS()

/** Long AI work (bulk news, refresh all) with progress the admin polls. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    status: jobStatusEnum('status').notNull().default('queued'),
    currentTask: text('current_task').notNull().default(''),
    completed: integer('completed').notNull().default(0),
    total: integer('total').notNull().default(0),
    errors: jsonb('errors')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    input: jsonb('input').$type<unknown>(),
    result: jsonb('result').$type<unknown>(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('jobs_progress_valid', sql`${t.completed} >= 0 AND ${t.total} >= 0 AND ${t.completed} <= ${t.total}`),
    index('jobs_created_idx').on(t.createdAt.desc()),
  ],
).enableRLS()

/**
 * Secrets the server makes for itself, once, so that no configuration is needed (the key that signs
 * calls of the jobs function: src/server/jobs/job-signature.ts). Never sent by any route.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
}).enableRLS()

/** Single row (id = 1): the admin password as a slow hash, never the password. */
export const adminCredentials = pgTable(
  'admin_credentials',
  {
    id: integer('id').primaryKey().default(1),
    passwordHash: text('password_hash').notNull(),
    /** Two-factor login (TOTP, RFC 6238): the shared secret (base32) once confirmed; null when off. */
    totpSecret: text('totp_secret'),
    /** A secret shown in the System tab and not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** Slow hashes of the unused recovery codes; a used code is removed. */
    recoveryCodeHashes: text('recovery_code_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [check('admin_credentials_singleton', sql`${t.id} = 1`)],
).enableRLS()

/** Sessions are looked up by the SHA-256 of the cookie's random id; the id itself is never stored. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /**
     * The password was right but two-factor login is on: the session opens nothing until a code
     * (or a recovery code) is given, and expires within minutes.
     */
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
  },
  (t) => [index('admin_sessions_expires_idx').on(t.expiresAt)],
).enableRLS()

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    clientKey: text('client_key').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_client_time_idx').on(t.clientKey, t.attemptedAt.desc())],
).enableRLS()

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull().default(''),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc(), t.id.desc())],
).enableRLS()

/** Single row (id = 1): what changed since the last build and where the rebuild stands. */
export const publishState = pgTable(
  'publish_state',
  {
    id: integer('id').primaryKey().default(1),
    status: publishStatusEnum('status').notNull().default('live'),
    changedTags: text('changed_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }),
    buildStartedAt: timestamp('build_started_at', { withTimezone: true, mode: 'date' }),
    liveAt: timestamp('live_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Last POST to the production build hook: edits within the debounce window wait for the next one. */
    hookRequestedAt: timestamp('hook_requested_at', { withTimezone: true, mode: 'date' }),
    /**
     * Production deploys allowed per calendar month (UTC), set in the panel: each costs credits on
     * Netlify's credit plans (docs/decisions/0204). Past it, no build hook call until next month.
     */
    monthlyDeployBudget: integer('monthly_deploy_budget').notNull().default(20),
    /** What one production deploy costs on the site's plan (15 credits on Netlify's credit plans). */
    creditsPerDeploy: integer('credits_per_deploy').notNull().default(15),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('publish_state_singleton', sql`${t.id} = 1`),
    check('publish_state_deploy_budget', sql`${t.monthlyDeployBudget} BETWEEN 0 AND 100000`),
    check('publish_state_credits_per_deploy', sql`${t.creditsPerDeploy} BETWEEN 0 AND 1000`),
  ],
).enableRLS()

/** Every call of the production build hook: what it was for and what it cost (docs/decisions/0204). */
export const deploys = pgTable(
  'deploys',
  {
    id: serial('id').primaryKey(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The content that changed (publish tags). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    credits: integer('credits').notNull().default(0),
    /** False when the hook could not be called: no build, no credits. */
    ok: boolean('ok').notNull().default(true),
    error: text('error'),
  },
  (t) => [index('deploys_requested_idx').on(t.requestedAt.desc())],
).enableRLS()

/**
 * CDN purges waiting to be sent (docs/decisions/0700): one row per cache tag a write changed ('*' is
 * the whole site). A write adds its tags and sends them at once; a purge Netlify refused (429: two
 * purges per tag or site per 5 s) or that failed stays here with its next attempt, so the every-minute
 * scheduler sends it again: a purge is never dropped.
 */
export const purgeQueue = pgTable(
  'purge_queue',
  {
    tag: text('tag').primaryKey(),
    /** The last write that asked for this tag: a purge sent before it does not cover it. */
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Set while one instance is sending it, so two instances do not send the same tag at once. */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [index('purge_queue_next_idx').on(t.nextAttemptAt)],
).enableRLS()

/** Every purge call and its outcome: the System tab's figures and its failures (decision 0700). */
export const purges = pgTable(
  'purges',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The tags purged; empty for a purge of the whole site. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ok: boolean('ok').notNull(),
    /** The purge API's HTTP status, when it answered. */
    status: integer('status'),
    error: text('error'),
  },
  (t) => [index('purges_at_idx').on(t.at.desc())],
).enableRLS()

/**
 * Revision history (issue 18): every update, delete or restore of an article, game, hardware item,
 * stream, review or standings set keeps the version before it, so the owner can see who changed
 * what and when, and restore any version.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: serial('id').primaryKey(),
    /** news, game, accessory, stream, review, standings */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** What was done to the record: update, delete or restore. The snapshot is the version before it. */
    action: text('action').notNull(),
    /** The whole record as it was (standings: the set and its rows). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** The fields the change touched, for the history list ('title', 'content', ...). */
    changedFields: text('changed_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who made the change: admin, scheduler, ai. */
    actor: text('actor').notNull().default('admin'),
    summary: text('summary').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('revisions_entity_valid', sql`${t.entity} IN ('news', 'game', 'accessory', 'stream', 'review', 'standings')`),
    check('revisions_action_valid', sql`${t.action} IN ('update', 'delete', 'restore')`),
    index('revisions_entity_idx').on(t.entity, t.entityId, t.createdAt.desc(), t.id.desc()),
  ],
).enableRLS()

/**
 * The newsletter (issue 32; docs/decisions/0800-0803): the one thing visitors write, only when mail
 * is configured, and only behind double opt-in. An address is stored lowercased, once.
 */
export const newsletterStatusEnum = pgEnum('newsletter_status', ['pending', 'confirmed', 'unsubscribed', 'bounced'])

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** pending until the link of the confirmation email is used; bounced: never mailed again. */
    status: newsletterStatusEnum('status').notNull().default('pending'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true, mode: 'date' }),
    /** The mail server's permanent refusal ('550 5.1.1 No such user'). */
    bounceReason: text('bounce_reason'),
    /** The last confirmation email the mail server took: a sign-up within the hour after it sends none. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * A confirmed address was entered in the form again: its 'you are already subscribed' email is
     * due (since then), sent after the answer as a confirmation is (issue 45); cleared once taken
     * by a sender.
     */
    noticeDueAt: timestamp('notice_due_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    index('newsletter_subscribers_notice_due_idx').on(t.noticeDueAt),
    check(
      'newsletter_subscribers_email_lower',
      sql`${t.email} = lower(${t.email}) AND length(${t.email}) BETWEEN 3 AND 254`,
    ),
    check('newsletter_subscribers_confirmed_has_time', sql`${t.status} <> 'confirmed' OR ${t.confirmedAt} IS NOT NULL`),
    index('newsletter_subscribers_status_idx').on(t.status),
    index('newsletter_subscribers_created_idx').on(t.createdAt),
  ],
).enableRLS()

/**
 * What each sign-up agreed to: when, the line the form showed, the page it was on, and when its
 * confirmation link was used. One row per sign-up that sent a confirmation email; its id is in
 * that email's link, which works once (confirmed_at). Erasing the address erases these rows.
 */
export const newsletterConsents = pgTable(
  'newsletter_consents',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The form's page ('/news/12'). */
    page: text('page').notNull(),
    /** The consent line the form showed, word for word. */
    text: text('text').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** Why the confirmation email could not be sent (the mail server away); the panel shows it. */
    sendError: text('send_error'),
    /**
     * Its confirmation email is due (since then): sent after the sign-up's answer, by the request's
     * background work or else the scheduler's next tick (issue 42); cleared once sent or given up.
     */
    mailDueAt: timestamp('mail_due_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('newsletter_consents_subscriber_idx').on(t.subscriberId),
    index('newsletter_consents_created_idx').on(t.createdAt),
    index('newsletter_consents_mail_due_idx').on(t.mailDueAt),
  ],
).enableRLS()

/**
 * When a mailbox was last sent a confirmation email, by its canonical form (gmail's dots and any
 * provider's +tag folded: src/lib/newsletter/email-address.ts), so that ten spellings of one mailbox
 * get one email an hour, not ten (issue 42). Kept a day.
 */
export const newsletterMailboxLimits = pgTable('newsletter_mailbox_limits', {
  mailbox: text('mailbox').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
}).enableRLS()

/** Sign-ups per network (an IPv4 /24, an IPv6 /48), for the rate limit; kept one day. */
export const newsletterSignupAttempts = pgTable(
  'newsletter_signup_attempts',
  {
    id: serial('id').primaryKey(),
    network: text('network').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_signup_attempts_network_idx').on(t.network, t.at)],
).enableRLS()

/**
 * sending: its job runs or will run again; sent: every recipient has an outcome; stopped: the mail
 * server did not take the messages after every retry (resumable); empty: no new articles, nothing sent.
 */
export const digestStatusEnum = pgEnum('newsletter_digest_status', ['sending', 'sent', 'stopped', 'empty'])

/** One digest: the articles, subject and bodies decided when it was made, sent as one job. */
export const newsletterDigests = pgTable(
  'newsletter_digests',
  {
    id: serial('id').primaryKey(),
    /** The scheduler slot it serves ('digest:2026-11-30T06:00Z'): one digest per slot. */
    slotKey: text('slot_key').notNull(),
    frequency: frequencyEnum('frequency').notNull(),
    /** The articles published after periodStart and up to periodEnd. */
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }).notNull(),
    articleIds: integer('article_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    subject: text('subject').notNull(),
    /** The bodies with a placeholder for each recipient's unsubscribe address: a resume sends the same email. */
    html: text('html').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    status: digestStatusEnum('status').notNull().default('sending'),
    recipients: integer('recipients').notNull().default(0),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('newsletter_digests_slot_idx').on(t.slotKey),
    index('newsletter_digests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('newsletter_digests_period_valid', sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
).enableRLS()

/**
 * pending: not yet sent; claimed: taken by a sender, which sends it next (a claim left by a sender
 * that died is shown to the owner, never sent again on its own); sent: the mail server took it;
 * failed: refused for good (bounced address, rejected message); skipped: no longer subscribed, or
 * the owner chose not to resend after a crash (docs/decisions/0802).
 */
export const digestRecipientStatusEnum = pgEnum('newsletter_recipient_status', [
  'pending',
  'claimed',
  'sent',
  'failed',
  'skipped',
])

/**
 * Who a digest goes to, one row each, written when the digest is made. subscriber_id has no
 * foreign key on purpose: a backup restore truncates and refills the subscribers without this
 * ledger (decision 0610 keeps ledgers out of archives), which a key would forbid; erasing an
 * address deletes its rows here in the same transaction (src/server/features/newsletter/newsletter.repo.ts).
 */
export const newsletterDigestRecipients = pgTable(
  'newsletter_digest_recipients',
  {
    digestId: integer('digest_id')
      .notNull()
      .references(() => newsletterDigests.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').notNull(),
    status: digestRecipientStatusEnum('status').notNull().default('pending'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.digestId, t.subscriberId] }),
    index('newsletter_digest_recipients_status_idx').on(t.digestId, t.status),
    index('newsletter_digest_recipients_subscriber_idx').on(t.subscriberId),
  ],
).enableRLS()

/**
 * Audience figures (docs/decisions/0850): page views sent by the pages' beacon and purchase-link
 * clicks through /go/{kind}/{id}, as they arrive. No cookie, no address: a visitor is a hash of the
 * day's secret salt, the site, the address and the user agent, which nothing can link across days
 * once the salt is deleted. Kept 90 days (the daily job deletes older rows); the panel reads the daily
 * totals folded from them, and the days not folded yet (today) from here.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    // No id: nothing refers to one event, and at a million views a month the key and its index
    // were a sixth of the table (npm run bench:analytics).
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** view (a page) or click (a purchase link or game website). */
    kind: text('kind').notNull(),
    /** A view: the page's path (no query string). */
    path: text('path'),
    /** A click: hardware or game, and the item's id. */
    itemKind: text('item_kind'),
    itemId: integer('item_id'),
    /** The host the visitor came from (another site's), never the whole address. */
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** mobile, tablet, desktop or unknown. */
    device: text('device').notNull(),
    /** The day's visitor hash (base64url, 96 bits). */
    visitor: text('visitor').notNull(),
    /** How many views this one stands for: the owner's "count one view in N" when it was sent. */
    weight: integer('weight').notNull().default(1),
  },
  (t) => [
    check('analytics_events_kind_valid', sql`${t.kind} IN ('view', 'click')`),
    check(
      'analytics_events_subject',
      sql`(${t.kind} = 'view' AND ${t.path} IS NOT NULL AND ${t.itemKind} IS NULL) OR (${t.kind} = 'click' AND ${t.path} IS NULL AND ${t.itemKind} IN ('hardware', 'game') AND ${t.itemId} IS NOT NULL)`,
    ),
    check('analytics_events_device_valid', sql`${t.device} IN ('mobile', 'tablet', 'desktop', 'unknown')`),
    check('analytics_events_weight_valid', sql`${t.weight} BETWEEN 1 AND 1000`),
    // Rows arrive in time order: a BRIN index finds a day's rows (the fold, today's figures, the
    // prune) in a few kilobytes, where a B-tree took a tenth of the table.
    index('analytics_events_at_idx').using('brin', t.at),
  ],
).enableRLS()

/**
 * The secret salt of each UTC day's visitor hashes: made on the day's first view, deleted after two
 * days (docs/decisions/0850). Never sent by any route, never in a backup.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: createdAt(),
}).enableRLS()

/**
 * Beacons and clicks per address and minute, the address as a hash with the day's salt: past the
 * bound, a flood from one address is dropped (serverless instances share no memory, so it is counted
 * here, in the same statement as the event). Rows older than a few minutes are deleted.
 */
export const analyticsRate = pgTable(
  'analytics_rate',
  {
    key: text('key').notNull(),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.key, t.minute] }), index('analytics_rate_minute_idx').on(t.minute)],
).enableRLS()

/**
 * The referrer hosts and campaign values (utm_source, utm_medium, utm_campaign) counted under their
 * own name on a UTC day, per field: the first DAY_VALUES_MAX of each; a later one is stored as
 * '(other)' (issue 42: a flood of made-up hosts filled the figures). Kept for today and yesterday.
 */
export const analyticsDayValues = pgTable(
  'analytics_day_values',
  {
    day: date('day', { mode: 'string' }).notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.field, t.value] }),
    check('analytics_day_values_field_valid', sql`${t.field} IN ('referrer', 'source', 'medium', 'campaign')`),
  ],
).enableRLS()

/**
 * How many values of analytics_day_values a day's field has taken: one row per day and field, whose
 * lock decides in turn which of two new values at once is the last one kept.
 */
export const analyticsDaySlots = pgTable(
  'analytics_day_slots',
  {
    day: date('day', { mode: 'string' }).notNull(),
    field: text('field').notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.field] })],
).enableRLS()

/**
 * Daily totals the panel reads, folded from the raw events once a day is over: per dimension
 * (total, page, source, medium, campaign, device) and value, the views (each weighted by its sample
 * rate) and the distinct visitors of that day.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    dimension: text('dimension').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: text('value').notNull(),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.day, t.value] }),
    check(
      'analytics_daily_dimension_valid',
      sql`${t.dimension} IN ('total', 'page', 'source', 'medium', 'campaign', 'campaign-clicks', 'device')`,
    ),
    check('analytics_daily_counts_valid', sql`${t.views} >= 0 AND ${t.visitors} >= 0`),
  ],
).enableRLS()

/**
 * The daily totals of each month added up (but the 'total' series, which the tab draws per day):
 * kept by the fold, so that a range of a year reads a row per month and value where whole months
 * lie in it, rather than one per day (`npm run bench:analytics`: a sixth of the rows).
 */
export const analyticsMonthly = pgTable(
  'analytics_monthly',
  {
    dimension: text('dimension').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    value: text('value').notNull(),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.month, t.value] }),
    check(
      'analytics_monthly_dimension_valid',
      sql`${t.dimension} IN ('page', 'source', 'medium', 'campaign', 'campaign-clicks', 'device')`,
    ),
    check('analytics_monthly_first_day', sql`extract(day from ${t.month}) = 1`),
    check('analytics_monthly_counts_valid', sql`${t.views} >= 0 AND ${t.visitors} >= 0`),
  ],
).enableRLS()

/** Purchase-link and website clicks per item and day, folded from the raw events. */
export const analyticsDailyClicks = pgTable(
  'analytics_daily_clicks',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    clicks: integer('clicks').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.itemKind, t.itemId] }),
    check('analytics_daily_clicks_kind_valid', sql`${t.itemKind} IN ('hardware', 'game')`),
    check('analytics_daily_clicks_counts_valid', sql`${t.clicks} >= 0 AND ${t.visitors} >= 0`),
  ],
).enableRLS()

/**
 * The days folded into the daily totals: the panel reads the totals up to the last of them and the
 * raw events after it. A day is folded again only while its raw events are kept.
 */
export const analyticsFolds = pgTable('analytics_folds', {
  day: date('day', { mode: 'string' }).primaryKey(),
  events: integer('events').notNull(),
  foldedAt: timestamp('folded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}).enableRLS()

/** Single row (id = 1): the owner's audience settings (docs/decisions/0850, 0851). */
export const analyticsSettings = pgTable(
  'analytics_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Off: the pages send no beacon at all (no function call per view) and nothing is counted. */
    enabled: boolean('enabled').notNull().default(true),
    /** Count one view in N: a page sends its beacon with probability 1/N, and the view stands for N. */
    sampleRate: integer('sample_rate').notNull().default(1),
    /** The home page's gear section ordered by purchase-link clicks of the last 30 days. */
    gearByClicks: boolean('gear_by_clicks').notNull().default(false),
    /** 'Most read this week' under each article. */
    mostRead: boolean('most_read').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('analytics_settings_singleton', sql`${t.id} = 1`),
    check('analytics_settings_sample_rate', sql`${t.sampleRate} BETWEEN 1 AND 1000`),
  ],
).enableRLS()

/**
 * The last link check of each hardware purchase link and game website (docs/decisions/0853): what
 * was asked, and whether it works, goes elsewhere (another host in the end) or is broken (the status
 * or the error). Written by the check only: the owner's items are never changed by it.
 */
export const linkChecks = pgTable(
  'link_checks',
  {
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    /** The address checked (the item's, at the time: a result for an address since changed is stale). */
    url: text('url').notNull(),
    status: text('status').notNull(),
    httpStatus: integer('http_status'),
    /** Where the address led in the end, when it redirected. */
    finalUrl: text('final_url'),
    error: text('error'),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemKind, t.itemId] }),
    check('link_checks_kind_valid', sql`${t.itemKind} IN ('hardware', 'game')`),
    check('link_checks_status_valid', sql`${t.status} IN ('working', 'redirected', 'broken')`),
  ],
).enableRLS()

/**
 * What happened to the public site, written in the transaction of the change (docs/decisions/0860):
 * an article published, updated or taken off the site, race results imported, a championship's
 * table or the calendar changed: an outbox the hubs hand to the features that tell the outside
 * world (the channels, the webhooks), in order. One row per kind and subject a transaction (a change
 * that touches the standings twice is one event). Kept 30 days.
 */
export const siteEvents = pgTable(
  'site_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** article.published, article.updated, article.deleted, results.imported, standings.changed, calendar.changed */
    kind: text('kind').notNull(),
    /** What it is about: 'article:12', 'championship:3', 'calendar'. */
    subject: text('subject').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The writing transaction: the same kind and subject twice in one is one event. */
    tx: bigint('tx', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the features were handed it (src/server/events/dispatch.ts); null while they were not. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('site_events_once_a_transaction').on(t.tx, t.kind, t.subject),
    index('site_events_at_idx').on(t.at),
    index('site_events_waiting_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} IS NULL`),
  ],
).enableRLS()

/**
 * The networks the site announces on: one row per network connected (docs/decisions/0860). The
 * credential is sealed with SECRETS_KEY (src/server/auth/secret-box.ts) and never answered by any
 * route: a Discord webhook's address (its token is in it), a Bluesky app password, a Mastodon
 * access token.
 */
export const channels = pgTable(
  'channels',
  {
    kind: text('kind').primaryKey(),
    /** What the owner sees of it: the Bluesky handle, the Mastodon account, the Discord webhook's name. */
    account: text('account').notNull().default(''),
    /** The Bluesky server (PDS) or the Mastodon instance; none for Discord (its address is the secret). */
    serverUrl: text('server_url'),
    secret: text('secret').notNull(),
    announceArticles: boolean('announce_articles').notNull().default(true),
    announceResults: boolean('announce_results').notNull().default(true),
    /** Set when the network refused the credential for good (401, 403, a deleted webhook): nothing is sent until resumed. */
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    pausedReason: text('paused_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('channels_kind_valid', sql`${t.kind} IN ('discord', 'bluesky', 'mastodon')`)],
).enableRLS()

/**
 * One message to one network: an article when it became public, race results, the owner's 'Share
 * now' or 'Send Test'. Claimed before it is sent (status 'sending' until `claimed_until`), so two
 * runners never send it twice; retried with backoff on 429 and 5xx. An article and a race are
 * announced once per network whatever happens (the unique index); 'Share now' sends another.
 */
export const channelDeliveries = pgTable(
  'channel_deliveries',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    /** article, results or test */
    subjectKind: text('subject_kind').notNull(),
    /** The article's id, the race session's id; none for a test. */
    subjectId: integer('subject_id'),
    /** announce (it became public), share (the owner's 'Share now'), test */
    reason: text('reason').notNull(),
    /** What the message says when the subject itself may have changed since (the results: winner, leader). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** waiting, sending, sent, failed, cancelled (the article left the site first), in-doubt */
    status: text('status').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    /** The network's last answer: its HTTP status and, for a failure, what it said (never a credential). */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** Where the message is: the Discord message, the Bluesky post, the Mastodon status. */
    postUrl: text('post_url'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('channel_deliveries_announced_once')
      .on(t.channel, t.subjectKind, t.subjectId)
      .where(sql`${t.reason} = 'announce'`),
    index('channel_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    check(
      'channel_deliveries_status_valid',
      sql`${t.status} IN ('waiting', 'sending', 'sent', 'failed', 'cancelled', 'in-doubt')`,
    ),
  ],
).enableRLS()

/**
 * The owner's outbound webhooks (Zapier, a league's bot): an address and the events it wants, each
 * delivery signed as Standard Webhooks sign (docs/decisions/0860). The address may hold a token
 * (many receivers put one in the path) and is sealed like the signing secret; `host` is what the
 * owner sees of it.
 */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  host: text('host').notNull(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  events: text('events').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}).enableRLS()

/**
 * One event to one webhook: its message id (`msg_...`, kept by a redelivery), the body signed at
 * each attempt, the answer of the last one. Delivered in order per webhook and subject: a later
 * event of an article waits until the earlier ones are delivered or given up.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull().unique(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** waiting, sending, delivered, failed */
    status: text('status').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    answerStatus: integer('answer_status'),
    /** The receiver's answer, its first 500 characters, or why none came. */
    answer: text('answer'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    check('webhook_deliveries_status_valid', sql`${t.status} IN ('waiting', 'sending', 'delivered', 'failed')`),
  ],
).enableRLS()

/**
 * When each public page last changed (a purge of its tags was sent): the sitemap's `<lastmod>`,
 * and the pages IndexNow has not been told of yet (`indexnow_due`).
 */
export const pageChanges = pgTable(
  'page_changes',
  {
    path: text('path').primaryKey(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set while IndexNow has not been told of this change; cleared when it took it. */
    indexNowDue: boolean('indexnow_due').notNull().default(false),
  },
  (t) => [index('page_changes_indexnow_due_idx').on(t.indexNowDue)],
).enableRLS()
