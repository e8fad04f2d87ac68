extension PostgresSchema {
    /// What lets an instance know that catching up by version cannot be complete (see ``NamespaceGap``), new in schema
    /// 4: a `TRUNCATE` of the values raises every namespace's `generation` (rows vanished without a version), a purge
    /// raises `purged_through` (in the delete trigger of ``valueTriggers``), and `prefs_drop_namespace` drops a
    /// namespace so that a namespace created again under its name gets a new id. Each tells the listening instances
    /// to read (`{"version": 0, "resync": true}`), so that they need not wait for their next health check.
    static let gapRecords = [
        """
        CREATE OR REPLACE FUNCTION prefs_values_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            dropped record;
        BEGIN
            FOR dropped IN UPDATE prefs_namespaces SET generation = generation + 1 RETURNING id LOOP
                PERFORM pg_notify('prefs_changes_' || dropped.id, '{"version": 0, "resync": true}');
            END LOOP;
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE OR REPLACE TRIGGER prefs_values_truncated AFTER TRUNCATE ON prefs_values
            FOR EACH STATEMENT EXECUTE FUNCTION prefs_values_truncated()
        """,
        // Every key removed (a version each, heard by every instance), the rows purged, the namespace's history and
        // row deleted: a namespace created again under the name starts over with a new id, generation and channel,
        // and its versions from 1 (a history kept would hold those versions already).
        """
        CREATE OR REPLACE FUNCTION prefs_drop_namespace(target text) RETURNS integer LANGUAGE plpgsql AS $$
        DECLARE
            channel_id bigint;
            dropped integer;
        BEGIN
            SELECT id INTO channel_id FROM prefs_namespaces WHERE namespace = target FOR UPDATE;
            IF channel_id IS NULL THEN
                RETURN 0;
            END IF;
            DELETE FROM prefs_values WHERE namespace = target;
            DELETE FROM prefs_values WHERE namespace = target;
            GET DIAGNOSTICS dropped = ROW_COUNT;
            DELETE FROM prefs_history WHERE namespace = target;
            DELETE FROM prefs_namespaces WHERE namespace = target;
            PERFORM pg_notify('prefs_changes_' || channel_id, '{"version": 0, "resync": true}');
            RETURN dropped;
        END
        $$
        """,
    ]
}
