-- Node user lists (issue 23): stored proxy credentials and list versions kept by triggers.
--
-- node_credential(id, userkey) is subscriptions/credentials.ts `userCredential` in SQL (the same
-- sha256 seed; node-api/user-list.test.ts proves the two equal): {uuid, ss password, ss_key16,
-- ss_key32}. A trigger writes it into the users row whenever the id or the key changes (every
-- writer: registration, key reset, admin edit, seeds, bulk loads, a database copy).
CREATE FUNCTION "node_credential"("user_id" text, "userkey" text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  seed bytea;
  id16 bytea;
  hex text;
BEGIN
  seed := sha256(convert_to('portal-proxy-credential/v1', 'UTF8') || '\x00'::bytea || convert_to(user_id, 'UTF8')
                 || '\x00'::bytea || convert_to(userkey, 'UTF8'));
  id16 := substring(seed from 1 for 16);
  -- RFC 4122 version 4 and variant bits, as the TypeScript derivation sets them.
  id16 := set_byte(id16, 6, (get_byte(id16, 6) & 15) | 64);
  id16 := set_byte(id16, 8, (get_byte(id16, 8) & 63) | 128);
  hex := encode(id16, 'hex');
  RETURN ARRAY[
    substr(hex, 1, 8) || '-' || substr(hex, 9, 4) || '-' || substr(hex, 13, 4) || '-' || substr(hex, 17, 4) || '-' || substr(hex, 21),
    rtrim(translate(encode(substring(seed from 17 for 16), 'base64'), '+/', '-_'), '='),
    encode(substring(seed from 1 for 16), 'base64'),
    encode(seed, 'base64')
  ];
END $$;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cred_uuid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cred_ss_password" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cred_ss_key16" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cred_ss_key32" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "users_fill_credentials"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c text[] := node_credential(NEW.id, NEW.userkey);
BEGIN
  NEW.cred_uuid := c[1];
  NEW.cred_ss_password := c[2];
  NEW.cred_ss_key16 := c[3];
  NEW.cred_ss_key32 := c[4];
  RETURN NEW;
END $$;
--> statement-breakpoint
-- On insert always (whatever a copy brings); on update when the inputs or the stored values change.
CREATE TRIGGER "users_credentials_insert" BEFORE INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_fill_credentials();
--> statement-breakpoint
CREATE TRIGGER "users_credentials_update" BEFORE UPDATE ON "users"
  FOR EACH ROW WHEN (
    OLD.id IS DISTINCT FROM NEW.id OR OLD.userkey IS DISTINCT FROM NEW.userkey
    OR OLD.cred_uuid IS DISTINCT FROM NEW.cred_uuid OR OLD.cred_ss_password IS DISTINCT FROM NEW.cred_ss_password
    OR OLD.cred_ss_key16 IS DISTINCT FROM NEW.cred_ss_key16 OR OLD.cred_ss_key32 IS DISTINCT FROM NEW.cred_ss_key32
    OR NEW.cred_uuid = ''
  ) EXECUTE FUNCTION users_fill_credentials();
--> statement-breakpoint
-- Backfill: writing the columns fires the trigger above, which computes them.
UPDATE "users" SET "cred_uuid" = '';
--> statement-breakpoint
-- Versions of the node user lists. Scope 'users' moves when a user row changes in a way that can
-- change any list (eligibility, credentials, agency, normal permission, insert, delete); scope
-- 'perm:<permission id>' when a grant of that permission changes. A node's list version is 'users'
-- plus the scopes of the permissions its lines require (node-api/user-list.ts); its lines are
-- read with it. What passes with time alone (package and grant expiry, the service day) writes
-- nothing: the cached list remembers when it stops being true.
CREATE TABLE "node_list_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "node_list_versions" ("scope", "version") VALUES ('users', 1);
--> statement-breakpoint
-- Once per transaction and scope: a bulk change (a load, an operator's mass edit) moves the version
-- once, and the counter row is locked only by transactions that really change a list.
CREATE FUNCTION "node_list_bump"("p_scope" text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mark text := 'portal_node_list.s' || md5(p_scope);
BEGIN
  IF current_setting(mark, true) = '1' THEN
    RETURN;
  END IF;
  INSERT INTO node_list_versions AS v (scope, version, changed_at) VALUES (p_scope, 1, now())
    ON CONFLICT (scope) DO UPDATE SET version = v.version + 1, changed_at = now();
  PERFORM set_config(mark, '1', true);
END $$;
--> statement-breakpoint
CREATE FUNCTION "node_list_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM node_list_bump('users');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "node_list_grants_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM node_list_bump('perm:' || OLD.permission_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM node_list_bump('perm:' || NEW.permission_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new user can only be on a list with a balance of some kind.
CREATE TRIGGER "users_node_list_insert" AFTER INSERT ON "users"
  FOR EACH ROW WHEN (NEW.disabled = false AND (NEW.traffic > NEW.spend_traffic OR NEW.vip_expire_time IS NOT NULL))
  EXECUTE FUNCTION node_list_users_changed();
--> statement-breakpoint
CREATE TRIGGER "users_node_list_delete" AFTER DELETE ON "users"
  FOR EACH ROW WHEN (OLD.disabled = false AND (OLD.traffic > OLD.spend_traffic OR OLD.vip_expire_time IS NOT NULL))
  EXECUTE FUNCTION node_list_users_changed();
--> statement-breakpoint
CREATE TRIGGER "users_node_list_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION node_list_users_changed();
--> statement-breakpoint
-- Only when eligibility (usage/eligibility.ts) or what a list shows can change: a traffic charge
-- that leaves the user with a balance fires nothing, so pushes do not queue on the counter row.
-- Daily allowance: 'used up' is usage >= coalesce(daily_limit, DEFAULT_DAILY_LIMIT_BYTES = 50 GiB,
-- @portal/contracts; a test checks the number); it counts for the day in time_package_day, so a
-- change of day matters only when the allowance was or is used up.
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
    OR (OLD.time_package_day IS DISTINCT FROM NEW.time_package_day
        AND (OLD.daily_time_package_usage >= coalesce(OLD.daily_limit, 53687091200)
             OR NEW.daily_time_package_usage >= coalesce(NEW.daily_limit, 53687091200)))
  ) EXECUTE FUNCTION node_list_users_changed();
--> statement-breakpoint
CREATE TRIGGER "user_permissions_node_list_insert" AFTER INSERT ON "user_permissions"
  FOR EACH ROW EXECUTE FUNCTION node_list_grants_changed();
--> statement-breakpoint
CREATE TRIGGER "user_permissions_node_list_delete" AFTER DELETE ON "user_permissions"
  FOR EACH ROW EXECUTE FUNCTION node_list_grants_changed();
--> statement-breakpoint
CREATE TRIGGER "user_permissions_node_list_update" AFTER UPDATE ON "user_permissions"
  FOR EACH ROW WHEN (
    OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.permission_id IS DISTINCT FROM NEW.permission_id
    OR OLD.expire_time IS DISTINCT FROM NEW.expire_time
  ) EXECUTE FUNCTION node_list_grants_changed();
--> statement-breakpoint
CREATE TRIGGER "user_permissions_node_list_truncate" AFTER TRUNCATE ON "user_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION node_list_users_changed();
