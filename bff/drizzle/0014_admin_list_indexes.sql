-- Operator lists and searches (issue 23): every back-office list reads "newest first" with an id
-- as the tie-breaker, so each gets a btree on (its time, id), walked backwards; a list then reads
-- its page and stops instead of sorting the whole table. No column a node push updates
-- (traffic, spend, traffic_change…) is indexed here, so those updates stay HOT.
CREATE INDEX IF NOT EXISTS "trades_created_idx" ON "trades" USING btree ("created_at","id");--> statement-breakpoint
-- Trade search shortcuts: the platform's number and the inviter's code, whole, in any case.
CREATE INDEX IF NOT EXISTS "trades_external_idx" ON "trades" USING btree (lower("external_id")) WHERE "trades"."external_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trades_from_channel_idx" ON "trades" USING btree (lower("from_channel")) WHERE "trades"."from_channel" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "traffic_records_created_idx" ON "traffic_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "traffic_records_type_created_idx" ON "traffic_records" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coupons_create_time_idx" ON "coupons" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coupon_uses_created_idx" ON "coupon_uses" USING btree ("created_at","id");--> statement-breakpoint
-- Deleting coupons asks whether any order names them.
CREATE INDEX IF NOT EXISTS "orders_coupon_idx" ON "orders" USING btree ("coupon_id") WHERE "orders"."coupon_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- The user search's whole inviter code, in any case.
CREATE INDEX IF NOT EXISTS "users_channel_code_idx" ON "users" USING btree (lower("channel_code"));--> statement-breakpoint
-- Tickets: open before closed, newest activity first (the admin's list, modules/tickets).
CREATE INDEX IF NOT EXISTS "tickets_list_idx" ON "tickets" USING btree (("status" = 'open'),"updated_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_record_idx";--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_type","created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "error_log_created_idx";--> statement-breakpoint
CREATE INDEX "error_log_created_idx" ON "error_log" USING btree ("created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "withdrawals_requested_idx";--> statement-breakpoint
CREATE INDEX "withdrawals_requested_idx" ON "withdrawals" USING btree ("requested_at","id");--> statement-breakpoint
-- E-mail substring search by trigrams, where pg_trgm can be had: PostgreSQL ships it (a trusted
-- extension: the database owner may create it). PGlite has it only when the extension is loaded
-- at start-up, which the BFF does not do (a data folder that used it would need it loaded by
-- every program that ever opens it); there, and where the role may not create it, the search
-- works without the index.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm not created (insufficient privilege): e-mail search without its index';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
  END IF;
END
$$;
