-- A relevance search (docs/decisions/0872) reads the excerpts that hold its term through this
-- trigram index (pg_trgm's operator class, in the `extensions` schema: 20261124065313_row_level_security),
-- and the newest articles first through the second: ORDER BY timestamp DESC, id DESC (nulls first,
-- as that ORDER BY means) reads them in order and stops.
CREATE INDEX "news_excerpt_trgm_idx" ON "news_articles" USING gin (lower("excerpt") extensions.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_newest_idx" ON "news_articles" USING btree ("timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);
