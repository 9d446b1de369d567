-- hand-written: people pages, bill pages and their feeds read the rest of the official record, so a
-- write to these tables is a change of the city's pages for the rendered-page cache (content versions,
-- drizzle/0003, ADR 0030), as 0016 made it for events, their items and their videos.
DO $$
DECLARE
  target text;
BEGIN
  FOREACH target IN ARRAY ARRAY['legistar_bodies', 'legistar_persons', 'legistar_office_records', 'legistar_votes', 'legistar_matters', 'legistar_matter_histories', 'legistar_matter_sponsors', 'legistar_matter_attachments'] LOOP
    EXECUTE format('CREATE TRIGGER content_versions_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_city_rows()', target);
    EXECUTE format('CREATE TRIGGER content_versions_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_city_rows()', target);
    EXECUTE format('CREATE TRIGGER content_versions_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_city_rows()', target);
    EXECUTE format('CREATE TRIGGER content_versions_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_site_rows()', target);
  END LOOP;
END $$;
