-- Deleting a coupon hides it (issue 26): it leaves the operator's list and can no longer be
-- redeemed or used on an order, while its use records and the orders that named it keep it.
-- A code is unique among the coupons that are not deleted, so a deleted code can be issued again.
ALTER TABLE "coupons" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_code_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_live_uq" ON "coupons" USING btree ("code") WHERE "coupons"."deleted_at" IS NULL;
