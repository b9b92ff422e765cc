ALTER TABLE "news_articles" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_slug_valid" CHECK ("news_articles"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("news_articles"."slug") <= 80);--> statement-breakpoint
-- An article's slug (docs/decisions/0871): its title's words, Latin letters without their marks, in
-- lower case, anything else one hyphen, at most 80 characters (whole words); src/lib/news-address.ts mirrors it
-- for the editor's preview, and src/server/routes/news/news-slug.test.ts holds the two to the same answers.
-- translate() rather than lower(): lower() follows the database's locale, translate() does not.
CREATE OR REPLACE FUNCTION news_slug_words(title text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN length(s) <= 80 THEN s
    -- Too long: the whole words that fit (the last hyphen of the first 81 characters ends them).
    WHEN position('-' in left(s, 81)) > 0 THEN regexp_replace(left(s, 81), '-[^-]*$', '')
    ELSE left(s, 80)
  END
  FROM (SELECT trim(both '-' from regexp_replace(
    translate(
      replace(replace(replace(replace(replace(replace(replace(replace(title,
        'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th'),
      'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżžðÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮİĴĶĹĻĽĿŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠȘŢŤŦȚÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽÐABCDEFGHIJKLMNOPQRSTUVWXYZ',
      'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssssttttuuuuuuuuuuwyyyzzzdaaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssssttttuuuuuuuuuuwyyyzzzdabcdefghijklmnopqrstuvwxyz'),
    '[^a-z0-9]+', '-', 'g')) AS s) AS words
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION news_slug(title text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(news_slug_words(title), ''), 'article')
$$;--> statement-breakpoint
-- Every way an article goes live (the editor, the scheduler, a bulk publish, a restore, the demo)
-- gets its slug here, once: a published article without one (the owner cleared it) gets its
-- title's again.
CREATE OR REPLACE FUNCTION news_articles_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' AND NEW.slug IS NULL THEN
    NEW.slug := news_slug(NEW.title);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER news_articles_slug BEFORE INSERT OR UPDATE ON news_articles
  FOR EACH ROW EXECUTE FUNCTION news_articles_slug();--> statement-breakpoint
-- The articles already published keep the title they have now in their address; updated_at stays.
UPDATE news_articles SET slug = news_slug(title) WHERE status = 'published' AND slug IS NULL;
