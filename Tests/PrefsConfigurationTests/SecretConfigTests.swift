import Configuration
import Foundation
import Prefs
import PrefsConfiguration
import PrefsTestSupport
import PrefsTesting
import Testing

extension PreferenceKeys {
    var apiToken: Key<String> { Key("api_token", default: "", isSecret: true) }
    var sessionSecret: Key<String> { Key("session_secret", default: "", isSecret: true) }
}

/// `PreferencesConfigProvider` reports the values of secret keys as secret to swift-configuration.
@Suite struct SecretConfigTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func secretKeysAreReportedAsSecret() throws {
        let (prefs, _) = makePreferences(["api_token": "t0k", "session_secret": "s3s", "count": 3], keyPrefix: "")
        _ = prefs[\.sessionSecret]  // a key the container has used
        let provider = try PreferencesConfigProvider(prefs, keys: [AnyPreferenceKey(\.apiToken)])
        let token = try provider.value(forKey: AbsoluteConfigKey(["api_token"]), type: .string)
        #expect(token.value?.isSecret == true)
        let session = try provider.value(forKey: AbsoluteConfigKey(["session_secret"]), type: .string)
        #expect(session.value?.isSecret == true)
        let count = try provider.value(forKey: AbsoluteConfigKey(["count"]), type: .int)
        #expect(count.value?.isSecret == false)
    }
}
