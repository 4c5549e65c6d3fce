-- Phones are stored in E.164 only (+569XXXXXXXX for mobiles). Earlier rows hold '569…' (accounts,
-- verification) or '+56…' with spaces; rewrite every phone column. Unreadable values stay as they are.
CREATE OR REPLACE FUNCTION pg_temp.phone_e164(raw text) RETURNS text AS $$
  SELECT CASE
    WHEN raw IS NULL THEN NULL
    WHEN regexp_replace(raw, '[\s().-]', '', 'g') ~ '^\+?56\d{8,9}$'
      THEN '+' || ltrim(regexp_replace(raw, '[\s().-]', '', 'g'), '+')
    WHEN regexp_replace(raw, '[\s().-]', '', 'g') ~ '^9\d{8}$'
      THEN '+56' || regexp_replace(raw, '[\s().-]', '', 'g')
    WHEN regexp_replace(raw, '[\s().-]', '', 'g') ~ '^\d{8}$'
      THEN '+569' || regexp_replace(raw, '[\s().-]', '', 'g')
    ELSE raw
  END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- An account may hold the same phone in two writings: keep the confirmed (or older) row.
DELETE FROM "user_phones" AS old
USING "user_phones" AS kept
WHERE old."user_id" = kept."user_id"
  AND old."id" <> kept."id"
  AND pg_temp.phone_e164(old."phone") = pg_temp.phone_e164(kept."phone")
  AND (
    (kept."confirmed_at" IS NOT NULL AND old."confirmed_at" IS NULL)
    OR ((kept."confirmed_at" IS NULL) = (old."confirmed_at" IS NULL) AND kept."id" < old."id")
  );
--> statement-breakpoint
UPDATE "user_phones" SET "phone" = pg_temp.phone_e164("phone") WHERE "phone" <> pg_temp.phone_e164("phone");
--> statement-breakpoint
UPDATE "users" SET "phone" = pg_temp.phone_e164("phone") WHERE "phone" <> pg_temp.phone_e164("phone");
--> statement-breakpoint
UPDATE "verification_codes" SET "phone" = pg_temp.phone_e164("phone") WHERE "phone" <> pg_temp.phone_e164("phone");
--> statement-breakpoint
UPDATE "contact_messages" SET "phone" = pg_temp.phone_e164("phone") WHERE "phone" <> pg_temp.phone_e164("phone");
--> statement-breakpoint
UPDATE "video_mails" SET "phone" = pg_temp.phone_e164("phone") WHERE "phone" <> pg_temp.phone_e164("phone");
--> statement-breakpoint
UPDATE "draw_winners" SET "phone" = pg_temp.phone_e164("phone") WHERE "phone" <> pg_temp.phone_e164("phone");
