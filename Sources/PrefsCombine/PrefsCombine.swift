// PrefsCombine: publishers for per-key changes (issue 10).
