struct PreferenceValueEncoder { func encode<T: Encodable>(_ v: T) throws -> PreferenceValue { fatalError() } }
struct PreferenceValueDecoder { func decode<T: Decodable>(_ t: T.Type, from v: PreferenceValue) throws -> T { fatalError() } }
