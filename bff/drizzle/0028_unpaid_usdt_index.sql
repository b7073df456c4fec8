-- The USDT trades a transfer may still pay, by expiry: a new USDT trade avoids their amounts (a
-- cancelled trade keeps its amount until the watcher stops looking for its transfer), and the
-- watcher reads them every round. Only recent rows fall in the range read.
CREATE INDEX "trades_unpaid_usdt_expiry_idx" ON "trades" USING btree ("expires_at") WHERE "trades"."usdt_amount_milli" IS NOT NULL AND "trades"."status" <> 'paied';