-- Sessions people can see and end (issue 25): each session gets an opaque public id (122 random
-- bits), the handle the device list shows and the sign-out calls take. The id column (sha256 of
-- the cookie token) never leaves the server. Existing sessions each get their own on ADD COLUMN.
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "public_id" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sessions_public_id_uq" ON "sessions" USING btree ("public_id");
