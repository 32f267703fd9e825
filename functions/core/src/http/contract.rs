//! What every feature's part of the API contract writes the same way: ids', times' and meeting links' patterns
//! as the server takes them, texts that are not blank and phone numbers as the checks read them, and a text that
//! may be `null`. Each feature writes its own bodies' rules (`{feature}::api::body_rules`); `platform::openapi`
//! merges the features' contracts and calls them.

use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::RefOr;

/// The contract's schemas, by name.
pub type Schemas = std::collections::BTreeMap<String, RefOr<Schema>>;

/// A record id as a regular expression (`ids::is_valid`).
pub const ID_PATTERN: &str = "^[0-9a-f]{24}$";

/// An enquiry's id: its submission's UUID, lowercase and hyphenated (`ApiError::checked_enquiry_id`).
pub const ENQUIRY_ID_PATTERN: &str = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/// An RFC 3339 time as the demo routes take it (`demo::zones::checked_rfc3339`): no leap second, an offset within
/// ±14:00.
pub const INSTANT_PATTERN: &str =
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$";

/// An https link whose host the server's URL parser takes (`demo::console::checked_url` checks
/// more loosely): labels of letters, digits and hyphens, the last starting with a letter.
pub const MEETING_URL_PATTERN: &str = "^https://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$";

/// A text that may be absent (`null`).
pub fn nullable(builder: ObjectBuilder) -> ObjectBuilder {
    builder.schema_type(SchemaType::from_iter([Type::String, Type::Null]))
}

/// What `str::trim` removes (Unicode `White_Space`), as a regular-expression class body that reads the same in
/// ECMAScript, Python and Rust (`\s` does not: Python's also matches U+001C–U+001F, ECMAScript's U+FEFF).
pub const TRIMMED: &str = "\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";

/// The contract's pattern for a required text: something left after trimming.
pub fn not_blank_pattern() -> String {
    format!("[^{TRIMMED}]")
}

/// The contract's pattern for a phone number as `phone_number` checks it after trimming: only digits and
/// ` +-().`, 7 to 15 digits. `optional` also allows a blank value (dropped, as if not sent).
pub fn phone_pattern(optional: bool) -> String {
    let number = "[ +().-]*(?:[0-9][ +().-]*){7,15}";
    if optional {
        format!("^[{TRIMMED}]*(?:{number}[{TRIMMED}]*)?$")
    } else {
        format!("^[{TRIMMED}]*{number}[{TRIMMED}]*$")
    }
}
