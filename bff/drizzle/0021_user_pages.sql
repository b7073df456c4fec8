-- spec-2's first_url and last_url of the admin's user (issue 26): the address of the first page
-- the visitor opened (with its ?c=), recorded at sign-up, and the last page the user opened,
-- recorded when the session is marked used (every five minutes at most).
ALTER TABLE "users" ADD COLUMN "first_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_url" text;
