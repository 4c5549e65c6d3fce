CREATE TABLE "call_hour_figures" (
	"company_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"offered" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"abandoned" integer DEFAULT 0 NOT NULL,
	"fell_back" integer DEFAULT 0 NOT NULL,
	"answer_seconds_sum" double precision DEFAULT 0 NOT NULL,
	"answer_histogram" integer[] DEFAULT '{}' NOT NULL,
	"handled" integer DEFAULT 0 NOT NULL,
	"handle_seconds_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "call_hour_figures_company_id_hour_pk" PRIMARY KEY("company_id","hour")
);
--> statement-breakpoint
CREATE TABLE "call_period_figures" (
	"company_id" integer NOT NULL,
	"span" text NOT NULL,
	"period_start" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"offered" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"abandoned" integer DEFAULT 0 NOT NULL,
	"fell_back" integer DEFAULT 0 NOT NULL,
	"answer_seconds_sum" double precision DEFAULT 0 NOT NULL,
	"answer_histogram" integer[] DEFAULT '{}' NOT NULL,
	"handled" integer DEFAULT 0 NOT NULL,
	"handle_seconds_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "call_period_figures_company_id_span_period_start_dimension_key_pk" PRIMARY KEY("company_id","span","period_start","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "call_rating_figures" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"stars" integer NOT NULL,
	"ratings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_rating_figures_company_id_day_stars_pk" PRIMARY KEY("company_id","day","stars")
);
--> statement-breakpoint
ALTER TABLE "call_hour_figures" ADD CONSTRAINT "call_hour_figures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_period_figures" ADD CONSTRAINT "call_period_figures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_rating_figures" ADD CONSTRAINT "call_rating_figures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Decision 050: a call's share of the figures, one definition for the trigger and the rebuild.
-- Its answer bucket is the whole second s with s - 1 < t <= s, so that t <= T (a threshold in
-- whole seconds) exactly when the bucket is <= T. A private room is nobody's call to the centre.
CREATE FUNCTION call_figures_of(c video_calls) RETURNS TABLE (
  hour timestamp, local_day date, speciality text, channel text, answered_by text,
  answered integer, abandoned integer, fell_back integer, answer_seconds double precision,
  answer_bucket integer, handled integer, handle_seconds double precision
) LANGUAGE sql STABLE AS $$
  SELECT
    date_trunc('hour', c.created_at AT TIME ZONE 'UTC'),
    (c.created_at AT TIME ZONE 'America/Santiago')::date,
    c.speciality_name,
    c.kind,
    CASE WHEN c.accepted_at IS NOT NULL THEN coalesce(c.operator_id::text, '') ELSE '' END,
    (c.accepted_at IS NOT NULL)::integer,
    (c.status = 'abandoned' AND c.accepted_at IS NULL
      AND c.end_reason IS DISTINCT FROM 'no_operators')::integer,
    (c.end_reason IS NOT DISTINCT FROM 'no_operators')::integer,
    coalesce(extract(epoch FROM c.accepted_at - c.created_at)::double precision, 0),
    CASE WHEN c.accepted_at IS NOT NULL
      THEN greatest(ceil(extract(epoch FROM c.accepted_at - c.created_at)), 0)::integer END,
    (c.accepted_at IS NOT NULL AND c.ended_at IS NOT NULL)::integer,
    coalesce(extract(epoch FROM c.ended_at - c.accepted_at)::double precision, 0)
  WHERE NOT c.is_private
$$;
--> statement-breakpoint
-- Two histograms added element by element (the longer one's tail kept).
CREATE FUNCTION call_figures_histogram_add(a integer[], b integer[]) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result integer[] := coalesce(a, '{}');
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(b, 1), 0) LOOP
    IF i > coalesce(array_length(result, 1), 0) THEN
      result := result || b[i];
    ELSE
      result[i] := result[i] + b[i];
    END IF;
  END LOOP;
  RETURN result;
END $$;
--> statement-breakpoint
CREATE AGGREGATE call_figures_histogram_sum(integer[]) (
  SFUNC = call_figures_histogram_add, STYPE = integer[], INITCOND = '{}'
);
--> statement-breakpoint
-- The dense histogram of (bucket, count) pairs: index bucket + 1 holds its count.
CREATE FUNCTION call_figures_histogram_of(buckets integer[], counts integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(coalesce(pair.count, 0) ORDER BY bucket.bucket), '{}')
  FROM generate_series(0, coalesce((SELECT max(b) FROM unnest(buckets) AS b), -1)) AS bucket
  LEFT JOIN unnest(buckets, counts) AS pair(bucket, count) ON pair.bucket = bucket.bucket
$$;
--> statement-breakpoint
-- Adds (p_sign 1) or takes away (p_sign -1) one call's share of its hour, day and month rows.
CREATE FUNCTION call_figures_apply(c video_calls, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  f record;
  v_histogram integer[];
BEGIN
  SELECT * INTO f FROM call_figures_of(c);
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_histogram := CASE WHEN f.answer_bucket IS NULL THEN '{}'::integer[]
    ELSE array_fill(0, ARRAY[f.answer_bucket]) || p_sign END;
  INSERT INTO call_hour_figures AS t (company_id, hour, offered, answered, abandoned, fell_back,
    answer_seconds_sum, answer_histogram, handled, handle_seconds_sum)
  VALUES (c.company_id, f.hour, p_sign, p_sign * f.answered, p_sign * f.abandoned,
    p_sign * f.fell_back, p_sign * f.answer_seconds, v_histogram, p_sign * f.handled,
    p_sign * f.handle_seconds)
  ON CONFLICT (company_id, hour) DO UPDATE SET
    offered = t.offered + excluded.offered,
    answered = t.answered + excluded.answered,
    abandoned = t.abandoned + excluded.abandoned,
    fell_back = t.fell_back + excluded.fell_back,
    answer_seconds_sum = t.answer_seconds_sum + excluded.answer_seconds_sum,
    answer_histogram = call_figures_histogram_add(t.answer_histogram, excluded.answer_histogram),
    handled = t.handled + excluded.handled,
    handle_seconds_sum = t.handle_seconds_sum + excluded.handle_seconds_sum;
  INSERT INTO call_period_figures AS t (company_id, span, period_start, dimension, key, offered,
    answered, abandoned, fell_back, answer_seconds_sum, answer_histogram, handled,
    handle_seconds_sum)
  SELECT c.company_id, s.span, s.period_start, d.dimension, d.key, p_sign, p_sign * f.answered,
    p_sign * f.abandoned, p_sign * f.fell_back, p_sign * f.answer_seconds, v_histogram,
    p_sign * f.handled, p_sign * f.handle_seconds
  FROM (VALUES ('day', f.local_day),
               ('month', date_trunc('month', f.local_day::timestamp)::date)) AS s(span, period_start),
       (VALUES ('all', ''), ('speciality', f.speciality), ('channel', f.channel),
               ('operator', f.answered_by)) AS d(dimension, key)
  ON CONFLICT (company_id, span, period_start, dimension, key) DO UPDATE SET
    offered = t.offered + excluded.offered,
    answered = t.answered + excluded.answered,
    abandoned = t.abandoned + excluded.abandoned,
    fell_back = t.fell_back + excluded.fell_back,
    answer_seconds_sum = t.answer_seconds_sum + excluded.answer_seconds_sum,
    answer_histogram = call_figures_histogram_add(t.answer_histogram, excluded.answer_histogram),
    handled = t.handled + excluded.handled,
    handle_seconds_sum = t.handle_seconds_sum + excluded.handle_seconds_sum;
END $$;
--> statement-breakpoint
-- Runs when the call's transaction commits (the triggers are deferred), after every other lock
-- it takes: the company's figures are then the last thing it waits for, and one company's
-- committing transactions take turns on them, so two can never wait for each other.
CREATE FUNCTION call_figures_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(740201312, NEW.company_id);
  IF TG_OP = 'UPDATE' THEN
    PERFORM call_figures_apply(OLD, -1);
  END IF;
  PERFORM call_figures_apply(NEW, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER video_calls_figures_insert AFTER INSERT ON video_calls
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION call_figures_track();
--> statement-breakpoint
-- Only a change to what the figures read moves them (an offer or a token does not).
CREATE CONSTRAINT TRIGGER video_calls_figures_update AFTER UPDATE ON video_calls
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.company_id, OLD.created_at, OLD.is_private, OLD.speciality_name,
    OLD.kind, OLD.status, OLD.operator_id, OLD.accepted_at, OLD.ended_at, OLD.end_reason)
    IS DISTINCT FROM (NEW.company_id, NEW.created_at, NEW.is_private, NEW.speciality_name,
    NEW.kind, NEW.status, NEW.operator_id, NEW.accepted_at, NEW.ended_at, NEW.end_reason))
  EXECUTE FUNCTION call_figures_track();
--> statement-breakpoint
-- A rating counts on the Chile day it was given, for its call's company.
CREATE FUNCTION call_rating_figures_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_rating_figures AS t (company_id, day, stars, ratings)
  SELECT c.company_id, (NEW.created_at AT TIME ZONE 'America/Santiago')::date, NEW.stars, 1
  FROM video_calls c WHERE c.id = NEW.call_id
  ON CONFLICT (company_id, day, stars) DO UPDATE SET ratings = t.ratings + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER call_ratings_figures_insert AFTER INSERT ON call_ratings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION call_rating_figures_track();
--> statement-breakpoint
-- Every figure of one company (or of all, p_company null) summed again from its calls and
-- ratings: how existing calls are counted, and what the tests compare the running sums with.
CREATE FUNCTION call_figures_rebuild(p_company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM call_hour_figures WHERE p_company IS NULL OR company_id = p_company;
  DELETE FROM call_period_figures WHERE p_company IS NULL OR company_id = p_company;
  DELETE FROM call_rating_figures WHERE p_company IS NULL OR company_id = p_company;
  INSERT INTO call_rating_figures (company_id, day, stars, ratings)
  SELECT c.company_id, (r.created_at AT TIME ZONE 'America/Santiago')::date, r.stars, count(*)
  FROM call_ratings r JOIN video_calls c ON c.id = r.call_id
  WHERE p_company IS NULL OR c.company_id = p_company
  GROUP BY 1, 2, 3;
  INSERT INTO call_hour_figures (company_id, hour, offered, answered, abandoned, fell_back,
    answer_seconds_sum, answer_histogram, handled, handle_seconds_sum)
  SELECT company_id, hour, sum(offered)::integer, sum(answered)::integer, sum(abandoned)::integer,
    sum(fell_back)::integer, sum(answer_seconds_sum),
    call_figures_histogram_of(array_agg(answer_bucket) FILTER (WHERE answer_bucket IS NOT NULL),
      array_agg(offered::integer) FILTER (WHERE answer_bucket IS NOT NULL)),
    sum(handled)::integer, sum(handle_seconds_sum)
  FROM (
    SELECT v.company_id, f.hour, f.answer_bucket, count(*) AS offered, sum(f.answered) AS answered,
      sum(f.abandoned) AS abandoned, sum(f.fell_back) AS fell_back,
      sum(f.answer_seconds) AS answer_seconds_sum, sum(f.handled) AS handled,
      sum(f.handle_seconds) AS handle_seconds_sum
    FROM video_calls v, call_figures_of(v) f
    WHERE p_company IS NULL OR v.company_id = p_company
    GROUP BY 1, 2, 3
  ) AS by_bucket
  GROUP BY company_id, hour;
  INSERT INTO call_period_figures (company_id, span, period_start, dimension, key, offered,
    answered, abandoned, fell_back, answer_seconds_sum, answer_histogram, handled,
    handle_seconds_sum)
  SELECT company_id, 'day', local_day, dimension, key, sum(offered)::integer,
    sum(answered)::integer, sum(abandoned)::integer, sum(fell_back)::integer,
    sum(answer_seconds_sum),
    call_figures_histogram_of(array_agg(answer_bucket) FILTER (WHERE answer_bucket IS NOT NULL),
      array_agg(offered::integer) FILTER (WHERE answer_bucket IS NOT NULL)),
    sum(handled)::integer, sum(handle_seconds_sum)
  FROM (
    SELECT v.company_id, f.local_day, d.dimension, d.key, f.answer_bucket, count(*) AS offered,
      sum(f.answered) AS answered, sum(f.abandoned) AS abandoned, sum(f.fell_back) AS fell_back,
      sum(f.answer_seconds) AS answer_seconds_sum, sum(f.handled) AS handled,
      sum(f.handle_seconds) AS handle_seconds_sum
    FROM video_calls v, call_figures_of(v) f,
      LATERAL (VALUES ('all', ''), ('speciality', f.speciality), ('channel', f.channel),
                      ('operator', f.answered_by)) AS d(dimension, key)
    WHERE p_company IS NULL OR v.company_id = p_company
    GROUP BY 1, 2, 3, 4, 5
  ) AS by_bucket
  GROUP BY company_id, local_day, dimension, key;
  INSERT INTO call_period_figures (company_id, span, period_start, dimension, key, offered,
    answered, abandoned, fell_back, answer_seconds_sum, answer_histogram, handled,
    handle_seconds_sum)
  SELECT company_id, 'month', date_trunc('month', period_start::timestamp)::date, dimension, key,
    sum(offered)::integer, sum(answered)::integer, sum(abandoned)::integer,
    sum(fell_back)::integer, sum(answer_seconds_sum), call_figures_histogram_sum(answer_histogram),
    sum(handled)::integer, sum(handle_seconds_sum)
  FROM call_period_figures
  WHERE span = 'day' AND (p_company IS NULL OR company_id = p_company)
  GROUP BY 1, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT call_figures_rebuild(NULL);
