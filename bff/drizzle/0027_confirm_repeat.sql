-- A confirmation link that was opened answers success again for an hour (its first answer may
-- have been lost on the way: the page asks again), without acting twice. used_at alone cannot tell
-- a confirmed link from one a newer request replaced.
ALTER TABLE "email_tokens" ADD COLUMN "confirmed_at" timestamp with time zone;