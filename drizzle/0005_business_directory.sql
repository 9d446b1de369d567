-- Hand-written: the function of the generated column name_letter, created
-- before it (drizzle-kit generates the rest). The directory's letter filter
-- (docs/decisions/0032-business-directory.md): the first character of the
-- trimmed name, accents dropped (NFD, then the combining marks removed),
-- upper-cased: "A"–"Z", "0-9" for a digit, null otherwise. Kept in step
-- with letterOf() in app/lib/businesses/listing.ts (a test compares them).
CREATE FUNCTION "business_name_letter"("name" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN first ~ '^[0-9]$' THEN '0-9' WHEN first ~ '^[A-Z]$' THEN first END
  FROM (SELECT upper(left(regexp_replace(normalize(btrim(name), NFD), '[\u0300-\u036f]', '', 'g'), 1)) AS first) f
$$;
--> statement-breakpoint
ALTER TABLE "business_listings" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "business_listings" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "business_listings" ADD COLUMN "name_letter" text GENERATED ALWAYS AS (business_name_letter(name)) STORED;--> statement-breakpoint
CREATE INDEX "business_listings_letter_name_idx" ON "business_listings" USING btree ("name_letter","name");--> statement-breakpoint
ALTER TABLE "business_listings" ADD CONSTRAINT "business_listings_coordinates_check" CHECK (("business_listings"."latitude" is null) = ("business_listings"."longitude" is null) and "business_listings"."latitude" between -90 and 90 and "business_listings"."longitude" between -180 and 180);