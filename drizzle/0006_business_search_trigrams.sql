-- Hand-written: the trigram extension the two indexes below need (a trusted extension: the database owner may create it; PGlite loads it in app/lib/db/client.server.ts). docs/decisions/0032-business-directory.md
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "business_listings_name_trgm_idx" ON "business_listings" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_listings_description_trgm_idx" ON "business_listings" USING gin ("description" gin_trgm_ops);