import Prefs
