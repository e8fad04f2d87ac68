// Complete form of samples in: Sources/Prefs/Keys/PreferenceStoreID.swift
import Prefs

extension PreferenceStoreID { static let appGroup = PreferenceStoreID("group") }

let prefs = Preferences(stores: [.default: InMemoryPreferenceStore(), .appGroup: InMemoryPreferenceStore()])
