// PrefsPostgres: the fleet store (issue 8).
