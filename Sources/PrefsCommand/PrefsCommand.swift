// PrefsCommand: the embeddable ArgumentParser command (issue 6).
