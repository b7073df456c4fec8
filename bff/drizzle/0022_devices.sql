-- Subscription devices (issue 27): the clients that fetch a user's subscription, known by the
-- hardware id modern clients send (x-hwid); the device limit (the operator's override on the
-- user, else the package's, kept at purchase); and the record of who fetched the link.
ALTER TABLE "users" ADD COLUMN "device_num" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "package_device_num" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "subscription_devices" (
	"id" text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"user_id" text NOT NULL,
	"hwid" text NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_ip" text DEFAULT '' NOT NULL
);--> statement-breakpoint
ALTER TABLE "subscription_devices" ADD CONSTRAINT "subscription_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_devices_user_hwid_uq" ON "subscription_devices" USING btree ("user_id","hwid");--> statement-breakpoint
CREATE TABLE "subscription_fetches" (
	"id" text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"hwid" text,
	"kind" text NOT NULL,
	"refused" text
);--> statement-breakpoint
ALTER TABLE "subscription_fetches" ADD CONSTRAINT "subscription_fetches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_fetches_user_at_idx" ON "subscription_fetches" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "subscription_fetches_at_idx" ON "subscription_fetches" USING btree ("at");
;--> statement-breakpoint
-- The node list carries each user's device limit (device_limit): a change of it moves the list's
-- version like the other fields the list shows (0011).
DROP TRIGGER "users_node_list_update" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_node_list_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (
    OLD.id IS DISTINCT FROM NEW.id
    OR OLD.cred_uuid IS DISTINCT FROM NEW.cred_uuid
    OR OLD.node_uid IS DISTINCT FROM NEW.node_uid
    OR OLD.disabled IS DISTINCT FROM NEW.disabled
    OR OLD.is_agency IS DISTINCT FROM NEW.is_agency
    OR OLD.normal_permission IS DISTINCT FROM NEW.normal_permission
    OR OLD.vip_expire_time IS DISTINCT FROM NEW.vip_expire_time
    OR (OLD.traffic > OLD.spend_traffic) IS DISTINCT FROM (NEW.traffic > NEW.spend_traffic)
    OR (OLD.daily_time_package_usage >= coalesce(OLD.daily_limit, 53687091200))
       IS DISTINCT FROM (NEW.daily_time_package_usage >= coalesce(NEW.daily_limit, 53687091200))
    OR (CASE WHEN OLD.device_num > 0 THEN OLD.device_num ELSE OLD.package_device_num END)
       IS DISTINCT FROM (CASE WHEN NEW.device_num > 0 THEN NEW.device_num ELSE NEW.package_device_num END)
    OR (OLD.time_package_day IS DISTINCT FROM NEW.time_package_day
        AND (OLD.daily_time_package_usage >= coalesce(OLD.daily_limit, 53687091200)
             OR NEW.daily_time_package_usage >= coalesce(NEW.daily_limit, 53687091200)))
  ) EXECUTE FUNCTION node_list_users_changed();
