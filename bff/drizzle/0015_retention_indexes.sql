-- Retention (modules/retention): the pruning job deletes old rows in bounded batches, each batch
-- found through an index on the time it is judged by. node_traffic_reports (received_at),
-- error_log (created_at), sessions (expires_at) and rate_limits (expire) have one already.
CREATE INDEX IF NOT EXISTS "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_tokens_expires_idx" ON "email_tokens" USING btree ("expires_at");
