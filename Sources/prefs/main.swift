// The `prefs` inspector (issue 6).
print("prefs: not built yet")
