-- Room for heap-only updates on the rows every node push rewrites (issue 23). A push updates
-- 2,000 users' balances, their daily-usage rows and their day's spend record; none of the columns
-- it writes is indexed, so PostgreSQL can keep each new row version on its page and leave every
-- index alone (a HOT update), but only when the page has room. Full pages made each update a new
-- entry in all nine indexes of users (the e-mail's trigram GIN among them) and in the five of
-- traffic_records: 30-odd buffers a user and most of a push's CPU. Measured at 100,000 users
-- (docs/operations.md "Room for heap-only updates"): a push of 2,000 users 199 → 89 ms, ten
-- nodes at once 7.9 → 10.9 reports a second. The price is space: users and the daily-usage rows
-- take twice their pages, new traffic records a quarter more. Existing rows move into such pages
-- the first time they are updated.
ALTER TABLE "users" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "user_daily_usage" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "traffic_records" SET (fillfactor = 80);
