// Complete form of samples in: Sources/Prefs/Prefs.docc/Durability.md, Sources/Prefs/Stores/File/FilePreferenceStore+CorruptionPolicy.swift
import Foundation
import Prefs

func openRecoveringInArticle(url: URL) throws -> FilePreferenceStore {
    let store = try FilePreferenceStore(url: url, corruptionPolicy: .recover { damaged in
        FilePreferenceStore.readableMembers(of: damaged)
    })
    return store
}

func openRecoveringInDocComment(settingsURL: URL) throws -> FilePreferenceStore {
    let store = try FilePreferenceStore(url: settingsURL, corruptionPolicy: .recover { damaged in
        FilePreferenceStore.readableMembers(of: damaged)     // the members before the damage
    })
    return store
}

let url = FilePreferenceStore.standardURL(appID: "com.example.app")
_ = try openRecoveringInArticle(url: url)
_ = try openRecoveringInDocComment(settingsURL: url)
