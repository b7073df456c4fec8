-- One `spend` record per user and service day (modules/usage): the node push upserts it with
-- ON CONFLICT on this index instead of looking it up through the day index (which read every
-- record of the day). The push has always kept one per user and day under the user's row lock;
-- should a database hold more anyway, they are merged into the newest (latest updated_at, then
-- highest id): trafficChange and exemptionTraffic summed, allTraffic/allSpend of the newest (the
-- balance after the last change), createdAt of the earliest; the others are deleted.
WITH "groups" AS (
  SELECT "user_id", "day",
    (array_agg("id" ORDER BY "updated_at" DESC, "id" DESC))[1] AS "keep_id",
    sum("traffic_change") AS "traffic_change",
    sum("exemption_traffic") AS "exemption_traffic",
    min("created_at") AS "created_at"
  FROM "traffic_records"
  WHERE "type" = 'spend'
  GROUP BY "user_id", "day"
  HAVING count(*) > 1
), "merged" AS (
  UPDATE "traffic_records" t
  SET "traffic_change" = g."traffic_change", "exemption_traffic" = g."exemption_traffic", "created_at" = g."created_at"
  FROM "groups" g
  WHERE t."id" = g."keep_id"
)
DELETE FROM "traffic_records" t
USING "groups" g
WHERE t."type" = 'spend' AND t."user_id" = g."user_id" AND t."day" = g."day" AND t."id" <> g."keep_id";--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_records_spend_user_day_uq" ON "traffic_records" USING btree ("user_id","day") WHERE "traffic_records"."type" = 'spend';
