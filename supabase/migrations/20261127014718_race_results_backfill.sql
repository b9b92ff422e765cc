-- Sessions imported before race files were read as they really are (docs/decisions/0424): what
-- can be told from what was stored is filled in; what cannot (the drivers' platform ids, the cars'
-- classes, the content key of the session) stays unknown, and such a session is still recognized by
-- the bytes of its file. Must run after 20261127010254_race_results_as_they_are_and_calendar.

-- The start came from the file only when ACC named the file with its date, or LMU wrote a DateTime
-- (without one the import's time was stored, within the same second as the import).
UPDATE "race_sessions" SET "start_known" = false
WHERE ("format" = 'acc' AND "file_name" !~ '[0-9]{6}_[0-9]{6}')
   OR ("format" = 'lmu' AND abs(extract(epoch FROM ("imported_at" - "started_at"))) < 5);--> statement-breakpoint

-- One name per circuit: ACC's 'silverstone_2019' was stored as 'Silverstone 2019'; the year is the
-- variant, and the circuit takes the name its id without the year has.
UPDATE "race_sessions"
SET "track_variant" = substring("track" FROM ' ((?:19|20)[0-9]{2})$'),
    "track" = regexp_replace("track", ' (19|20)[0-9]{2}$', '')
WHERE "format" = 'acc' AND "track" ~ ' (19|20)[0-9]{2}$';--> statement-breakpoint
UPDATE "race_sessions" s SET "track" = n."name"
FROM (VALUES
  ('Barcelona', 'Circuit de Barcelona-Catalunya'),
  ('Cota', 'Circuit of the Americas'),
  ('Donington', 'Donington Park'),
  ('Indianapolis', 'Indianapolis Motor Speedway'),
  ('Nurburgring', 'Nürburgring'),
  ('Paul Ricard', 'Circuit Paul Ricard'),
  ('Spa', 'Circuit de Spa-Francorchamps')
) AS n("id_name", "name")
WHERE s."format" = 'acc' AND s."track_variant" <> '' AND s."track" = n."id_name";--> statement-breakpoint
UPDATE "race_laps" l SET "track" = s."track"
FROM "race_sessions" s
WHERE l."session_id" = s."id" AND l."track" <> s."track";--> statement-breakpoint

-- Two versions of a circuit are one now: each driver's fastest lap per circuit and car is marked again.
UPDATE "race_laps" l SET "personal_best" = (l."id" = b."id")
FROM (
  SELECT DISTINCT ON ("track", "car", "driver_key") "id", "track", "car", "driver_key"
  FROM "race_laps"
  ORDER BY "track", "car", "driver_key", "lap_ms", "set_at", "id"
) b
WHERE l."track" = b."track" AND l."car" = b."car" AND l."driver_key" = b."driver_key"
  AND l."personal_best" <> (l."id" = b."id");--> statement-breakpoint

-- The classification's cars as they are read now: drivers with an id (unknown here), a class (unknown),
-- a cup and a class position (the overall one).
UPDATE "race_sessions" SET "classification" = (
  SELECT coalesce(jsonb_agg(
    car
      || jsonb_build_object(
        'drivers', (
          SELECT coalesce(jsonb_agg(
            CASE WHEN jsonb_typeof(d) = 'string' THEN jsonb_build_object('name', d, 'id', NULL) ELSE d END
            ORDER BY i
          ), '[]'::jsonb)
          FROM jsonb_array_elements(car -> 'drivers') WITH ORDINALITY AS ds(d, i)
        ),
        'carClass', coalesce(car -> 'carClass', '""'::jsonb),
        'cup', coalesce(car -> 'cup', '""'::jsonb),
        'classPosition', coalesce(car -> 'classPosition', car -> 'position')
      )
    ORDER BY ord
  ), '[]'::jsonb)
  FROM jsonb_array_elements("classification") WITH ORDINALITY AS cars(car, ord)
)
WHERE EXISTS (
  SELECT 1 FROM jsonb_array_elements("classification") car WHERE NOT (car ? 'classPosition')
);
