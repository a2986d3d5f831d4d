-- The scheduler keeps the connection in use of each user (the store or site it publishes to, with its encrypted
-- credential) in memory and must hear when it changes, wherever the change was made: these triggers send
-- "<table>:<userId>" to the row_changes channel after each INSERT, UPDATE or DELETE of a user's connections. An
-- insert counts too: a newly saved connection can become the one in use without any other row changing, so
-- notify_row_change now names the new row on INSERT (the old one otherwise, as before).
CREATE OR REPLACE FUNCTION "notify_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'row_changes',
    TG_TABLE_NAME || ':' || (CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END ->> TG_ARGV[0])
  );
  RETURN NULL;
END;
$$;

CREATE TRIGGER "custom_shopify_connections_row_change" AFTER INSERT OR UPDATE OR DELETE ON "custom_shopify_connections"
  FOR EACH ROW EXECUTE FUNCTION "notify_row_change"('userId');

CREATE TRIGGER "custom_wordpress_connections_row_change" AFTER INSERT OR UPDATE OR DELETE ON "custom_wordpress_connections"
  FOR EACH ROW EXECUTE FUNCTION "notify_row_change"('userId');
