-- 'Did you mean' reads the titles whose words are nearest a typed word (docs/decisions/0872):
-- pg_trgm's word similarity on the lower-case title, which this index answers. The operator class
-- is pg_trgm's, in the `extensions` schema (20261124065313_row_level_security).
CREATE INDEX "news_title_trgm_idx" ON "news_articles" USING gin (lower("title") extensions.gin_trgm_ops);
