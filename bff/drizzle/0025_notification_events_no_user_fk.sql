ALTER TABLE "notification_events" DROP CONSTRAINT "notification_events_user_id_users_id_fk";
