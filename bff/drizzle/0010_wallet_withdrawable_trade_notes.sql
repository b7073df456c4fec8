ALTER TABLE "trades" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_withdrawable" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_address_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "withdrawable_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "withdrawable_after_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_wallet_withdrawable_in_range" CHECK ("users"."wallet_withdrawable" >= 0 AND "users"."wallet_withdrawable" <= "users"."wallet_money");--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_withdrawable_in_range" CHECK ("wallet_ledger"."withdrawable_after_cents" >= 0 AND "wallet_ledger"."withdrawable_after_cents" <= "wallet_ledger"."balance_after_cents");--> statement-breakpoint
-- Existing balances become shop credit, except what is provably left of invite rebates earned from
-- payments through a real gateway: the rebates of orders paid by a trade that was neither the
-- sandbox nor the wallet, less every debit the user ever made (as if each debit had taken
-- withdrawable money first: a lower bound, never more than the balance). The amount is recorded
-- as a ledger row of 0 yuan that moves it from shop credit to withdrawable, so each user's ledger
-- still sums to both figures.
WITH "rebates" AS (
  SELECT l."user_id", sum(l."amount_cents") AS "cents"
  FROM "wallet_ledger" l
  WHERE l."kind" = 'reward'
    AND EXISTS (
      SELECT 1 FROM "trades" t
      WHERE t."order_id" = l."order_id" AND t."status" = 'paied' AND t."reward_cents" > 0
        AND t."provider" NOT IN ('sandbox', 'wallet')
    )
  GROUP BY l."user_id"
), "debits" AS (
  SELECT "user_id", sum("amount_cents") AS "cents" FROM "wallet_ledger" WHERE "amount_cents" < 0 GROUP BY "user_id"
), "carried" AS (
  SELECT u."id", LEAST(u."wallet_money", GREATEST(0, r."cents" + coalesce(d."cents", 0))) AS "cents"
  FROM "users" u JOIN "rebates" r ON r."user_id" = u."id" LEFT JOIN "debits" d ON d."user_id" = u."id"
), "updated" AS (
  UPDATE "users" u SET "wallet_withdrawable" = c."cents" FROM "carried" c WHERE u."id" = c."id" AND c."cents" > 0
  RETURNING u."id", u."wallet_money", u."wallet_withdrawable"
)
INSERT INTO "wallet_ledger" ("user_id", "kind", "amount_cents", "balance_after_cents", "withdrawable_cents", "withdrawable_after_cents", "desc")
SELECT "id", 'adjust', 0, "wallet_money", "wallet_withdrawable", "wallet_withdrawable", '升级：返利中可提现的部分' FROM "updated";
