-- Every app instance keeps the rows it reads on each request (the signed-in user, the login session) in memory and
-- must hear when one changes, wherever the change was made: these triggers send "<table>:<key>" to the row_changes
-- channel after each UPDATE or DELETE. NOTIFY is transactional, so listeners hear of a change once it is committed.
CREATE FUNCTION "notify_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('row_changes', TG_TABLE_NAME || ':' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "custom_users_row_change" AFTER UPDATE OR DELETE ON "custom_users"
  FOR EACH ROW EXECUTE FUNCTION "notify_row_change"('id');

CREATE TRIGGER "sessions_row_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_row_change"('sid');
