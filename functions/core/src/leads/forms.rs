//! Server-side validation of the three forms docs/product.md#validation describes, with sane limits. Values are
//! trimmed first (blank counts as missing); what is stored is exactly the validated fields. The contract states the
//! same rules per form type (`openapi.rs` builds them from the constants here), so a request the contract allows is
//! one this accepts.

pub use crate::http::contract::{not_blank_pattern, phone_pattern};
use crate::http::error::ApiError;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use validator::{Validate, ValidationError, ValidationErrors};

/// The hidden field a person never fills; a bot that fills it is dropped silently.
pub const HONEYPOT: &str = "website";

pub const PLANS: [&str; 3] = ["basic", "standard", "premium"];

/// Every field a form may carry, with the most characters it may have as sent (before
/// trimming). The contract's `formData` schema is built from this table.
pub const FIELD_LIMITS: [(&str, usize); 10] = [
    ("firstName", 100),
    ("lastName", 100),
    ("email", 254),
    ("phone", 32),
    ("inquiryType", 100),
    ("course", 200),
    ("plan", 20),
    ("country", 60),
    ("message", 5000),
    (HONEYPOT, 200),
];

/// The catalog the site is built from; its course titles are what an enrolment may name.
const CATALOG: &str = include_str!("../../../../infra/seed/catalog.json");

/// The course titles of the catalog the site is built from (`infra/seed/catalog.json`): the enrolment forms offer
/// these, the contract lists them, and the server accepts these (docs/decisions/0014-lead-forms.md).
pub fn course_titles() -> &'static [String] {
    static TITLES: OnceLock<Vec<String>> = OnceLock::new();
    TITLES.get_or_init(|| {
        #[derive(Deserialize)]
        struct Titled {
            title: String,
        }
        #[derive(Deserialize)]
        struct Catalog {
            courses: Vec<Titled>,
        }
        let catalog: Catalog = serde_json::from_str(CATALOG).expect("infra/seed/catalog.json lists courses");
        catalog.courses.into_iter().map(|c| c.title).collect()
    })
}

/// The fields each form must carry, not blank (a blank one counts as missing).
pub fn required_fields(form: FormType) -> &'static [&'static str] {
    match form {
        FormType::Contact => &["firstName", "lastName", "email", "message"],
        FormType::Enrollment => &["firstName", "lastName", "email", "phone", "course"],
        FormType::Registration => &["firstName", "lastName", "email", "phone", "course", "plan"],
    }
}

/// Which form was sent; the contract's `formType` enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum FormType {
    /// The contact page's message form.
    #[serde(rename = "contact-form")]
    Contact,
    /// The plan-based enrolment form (visitors outside Pakistan and Qatar).
    #[serde(rename = "registration-form")]
    Registration,
    /// The simple enrolment form (Pakistan and Qatar).
    #[serde(rename = "enrollment-form")]
    Enrollment,
}

impl FormType {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "contact-form" => Some(Self::Contact),
            "registration-form" => Some(Self::Registration),
            "enrollment-form" => Some(Self::Enrollment),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Contact => "contact-form",
            Self::Registration => "registration-form",
            Self::Enrollment => "enrollment-form",
        }
    }
}

fn phone_number(value: &str) -> Result<(), ValidationError> {
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let allowed = value.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c));
    if allowed && (7..=15).contains(&digits) && value.len() <= 32 {
        Ok(())
    } else {
        Err(ValidationError::new("phone"))
    }
}

#[derive(Debug, Deserialize, Serialize, Validate)]
#[serde(rename_all = "camelCase")]
struct ContactForm {
    #[validate(required)]
    first_name: Option<String>,
    #[validate(required)]
    last_name: Option<String>,
    #[validate(required, email)]
    email: Option<String>,
    #[validate(custom(function = "phone_number"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    inquiry_type: Option<String>,
    #[validate(required)]
    message: Option<String>,
}

/// Both enrolment layouts: the simple form (Pakistan and Qatar: a country, no plan) and the
/// plan form (everyone else: a plan). What differs is checked in `validate`.
#[derive(Debug, Deserialize, Serialize, Validate)]
#[serde(rename_all = "camelCase")]
struct EnrolmentForm {
    #[validate(required)]
    first_name: Option<String>,
    #[validate(required)]
    last_name: Option<String>,
    #[validate(required, email)]
    email: Option<String>,
    #[validate(required, custom(function = "phone_number"))]
    phone: Option<String>,
    #[validate(required)]
    course: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    plan: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    country: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn reason(code: &str) -> String {
    match code {
        "required" => "is required".into(),
        "email" => "must be a valid e-mail address".into(),
        "phone" => "must be a phone number of 7 to 15 digits".into(),
        other => other.into(),
    }
}

/// The fields longer than `FIELD_LIMITS` allows, each with its reason.
fn too_long(data: &Map<String, Value>) -> BTreeMap<String, String> {
    FIELD_LIMITS
        .iter()
        .filter(|(name, max)| data.get(*name).and_then(Value::as_str).is_some_and(|text| text.chars().count() > *max))
        .map(|(name, max)| ((*name).to_owned(), format!("must be at most {max} characters")))
        .collect()
}

fn field_reasons(errors: &ValidationErrors) -> BTreeMap<String, String> {
    errors
        .field_errors()
        .iter()
        .filter_map(|(field, errs)| errs.first().map(|e| (camel(field), reason(&e.code))))
        .collect()
}

/// Trimmed copy of the submitted fields; blank strings are dropped (they count as missing).
fn normalised(data: &Map<String, Value>) -> Map<String, Value> {
    data.iter()
        .filter_map(|(k, v)| match v {
            Value::String(s) if s.trim().is_empty() => None,
            Value::String(s) => Some((k.clone(), Value::String(s.trim().to_owned()))),
            other => Some((k.clone(), other.clone())),
        })
        .collect()
}

/// The form `data` makes, if it passes its rules; `invalid` holds what already failed.
fn check<T>(data: Map<String, Value>, mut invalid: BTreeMap<String, String>) -> Result<T, ApiError>
where
    T: for<'de> Deserialize<'de> + Validate,
{
    let form: T = serde_json::from_value(Value::Object(data))
        .map_err(|e| ApiError::BadRequest(format!("Every form field must be text ({e}).")))?;
    if let Err(errors) = form.validate() {
        for (field, why) in field_reasons(&errors) {
            invalid.entry(field).or_insert(why);
        }
    }
    if invalid.is_empty() {
        Ok(form)
    } else {
        Err(ApiError::Invalid { fields: invalid })
    }
}

fn as_map<T: Serialize>(form: &T) -> Map<String, Value> {
    match serde_json::to_value(form) {
        Ok(Value::Object(map)) => map.into_iter().filter(|(_, v)| !v.is_null()).collect(),
        _ => Map::new(),
    }
}

/// Whether the honeypot field was filled in (a bot).
pub fn is_bot(data: &Map<String, Value>) -> bool {
    data.get(HONEYPOT).is_some_and(|v| v.as_str().is_none_or(|s| !s.trim().is_empty()))
}

/// The validated fields of a form, as they will be stored and mailed. `courses` are the titles
/// a course field may name.
pub fn validate(
    form_type: FormType,
    data: &Map<String, Value>,
    courses: &[String],
) -> Result<Map<String, Value>, ApiError> {
    if data.values().any(|value| !value.is_string()) {
        return Err(ApiError::BadRequest("Every form field must be text.".into()));
    }
    let long = too_long(data);
    let data = normalised(data);
    let mut extra = BTreeMap::new();
    let fields = match form_type {
        FormType::Contact => as_map(&check::<ContactForm>(data, long)?),
        enrolment => {
            let mut form: EnrolmentForm = check(data, long)?;
            if form.course.as_ref().is_some_and(|c| !courses.contains(c)) {
                extra.insert("course".into(), "must be one of our courses".into());
            }
            if enrolment == FormType::Enrollment {
                form.plan = None;
                form.country.get_or_insert_with(|| "Pakistan".into());
            } else {
                form.country = None;
                form.plan = form.plan.map(|p| p.to_lowercase());
                match form.plan.as_deref() {
                    None => extra.insert("plan".into(), "is required".into()),
                    Some(p) if !PLANS.contains(&p) => {
                        extra.insert("plan".into(), "must be basic, standard or premium".into())
                    }
                    Some(_) => None,
                };
            }
            as_map(&form)
        }
    };
    if !extra.is_empty() {
        return Err(ApiError::Invalid { fields: extra });
    }
    Ok(fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    fn courses() -> Vec<String> {
        vec!["Data Analysis".into(), "MERN Stack Development".into()]
    }

    fn invalid_fields(result: Result<Map<String, Value>, ApiError>) -> BTreeMap<String, String> {
        match result {
            Err(ApiError::Invalid { fields }) => fields,
            other => panic!("expected invalid, got {other:?}"),
        }
    }

    #[test]
    fn contact_needs_names_email_and_message() {
        let fields =
            invalid_fields(validate(FormType::Contact, &map(json!({"firstName": "  ", "email": "nope"})), &[]));
        assert_eq!(fields["firstName"], "is required");
        assert_eq!(fields["lastName"], "is required");
        assert_eq!(fields["email"], "must be a valid e-mail address");
        assert_eq!(fields["message"], "is required");
        assert!(!fields.contains_key("phone"), "phone is optional");
    }

    #[test]
    fn contact_is_trimmed_and_keeps_only_its_fields() {
        let data = json!({"firstName": " Sana ", "lastName": "Iqbal", "email": "sana@example.pk", "message": "Hi",
                          "inquiryType": "", "extra": "dropped", "phone": "+92 300 1234567"});
        let stored = validate(FormType::Contact, &map(data), &[]).unwrap();
        assert_eq!(
            Value::Object(stored),
            json!({"firstName": "Sana", "lastName": "Iqbal", "email": "sana@example.pk", "message": "Hi", "phone": "+92 300 1234567"})
        );
    }

    #[test]
    fn limits_are_enforced() {
        let data = json!({"firstName": "a".repeat(101), "lastName": "b", "email": "a@b.co", "message": "m".repeat(5001), "phone": "12"});
        let fields = invalid_fields(validate(FormType::Contact, &map(data), &[]));
        assert_eq!(fields["firstName"], "must be at most 100 characters");
        assert_eq!(fields["message"], "must be at most 5000 characters");
        assert_eq!(fields["phone"], "must be a phone number of 7 to 15 digits");
        // Bounds count what was sent, as the contract does: surrounding spaces count too.
        let padded =
            json!({"firstName": format!(" {} ", "a".repeat(99)), "lastName": "b", "email": "a@b.co", "message": "m"});
        assert_eq!(
            invalid_fields(validate(FormType::Contact, &map(padded), &[]))["firstName"],
            "must be at most 100 characters"
        );
    }

    #[test]
    fn form_types_are_named_as_the_contract_names_them() {
        for form in [FormType::Contact, FormType::Registration, FormType::Enrollment] {
            assert_eq!(serde_json::to_value(form).unwrap(), form.as_str());
            assert_eq!(FormType::parse(form.as_str()), Some(form));
        }
    }

    #[test]
    fn enrollment_needs_a_known_course_and_defaults_the_country() {
        let ok = json!({"firstName": "A", "lastName": "B", "email": "a@b.co", "phone": "03001234567", "course": "Data Analysis"});
        let stored = validate(FormType::Enrollment, &map(ok.clone()), &courses()).unwrap();
        assert_eq!(stored["country"], "Pakistan");
        let mut unknown = ok;
        unknown["course"] = json!("Basket Weaving");
        assert_eq!(
            invalid_fields(validate(FormType::Enrollment, &map(unknown), &courses()))["course"],
            "must be one of our courses"
        );
    }

    #[test]
    fn registration_needs_a_plan_from_the_three() {
        let data = json!({"firstName": "A", "lastName": "B", "email": "a@b.co", "phone": "+44 20 7946 0958",
                          "course": "MERN Stack Development", "plan": "Gold"});
        assert_eq!(
            invalid_fields(validate(FormType::Registration, &map(data.clone()), &courses()))["plan"],
            "must be basic, standard or premium"
        );
        let mut standard = data;
        standard["plan"] = json!("Standard");
        assert_eq!(validate(FormType::Registration, &map(standard), &courses()).unwrap()["plan"], "standard");
    }

    #[test]
    fn non_text_values_are_a_bad_request() {
        let data = json!({"firstName": 7, "lastName": "B", "email": "a@b.co", "message": "m"});
        assert!(matches!(validate(FormType::Contact, &map(data), &[]), Err(ApiError::BadRequest(_))));
    }

    #[test]
    fn every_field_is_text() {
        for odd in [json!(null), json!(7), json!(["a"]), json!({"a": "b"})] {
            for field in ["phone", "course", "somethingElse"] {
                let mut data = json!({"firstName": "A", "lastName": "B", "email": "a@b.co", "message": "m"});
                data[field] = odd.clone();
                let answer = validate(FormType::Contact, &map(data), &[]);
                assert!(matches!(answer, Err(ApiError::BadRequest(_))), "{field}: {odd}: {answer:?}");
            }
        }
    }

    #[test]
    fn the_required_fields_are_those_the_server_asks_for() {
        let full = json!({"firstName": "A", "lastName": "B", "email": "a@b.co", "phone": "03001234567",
            "course": "Data Analysis", "plan": "basic", "country": "Qatar", "message": "m", "inquiryType": "x"});
        for form in [FormType::Contact, FormType::Registration, FormType::Enrollment] {
            assert!(validate(form, &map(full.clone()), &courses()).is_ok(), "{form:?}");
            for field in full.as_object().unwrap().keys() {
                for gone in [None, Some(" ")] {
                    let mut data = map(full.clone());
                    match gone {
                        None => data.remove(field),
                        Some(blank) => data.insert(field.clone(), json!(blank)),
                    };
                    let answer = validate(form, &data, &courses());
                    if required_fields(form).contains(&field.as_str()) {
                        assert_eq!(invalid_fields(answer)[field], "is required", "{form:?} {field}");
                    } else {
                        assert!(answer.is_ok(), "{form:?} without {field}: {answer:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_contracts_patterns_say_what_the_server_checks() {
        let not_blank = regex::Regex::new(&not_blank_pattern()).unwrap();
        let phone = regex::Regex::new(&phone_pattern(false)).unwrap();
        let optional_phone = regex::Regex::new(&phone_pattern(true)).unwrap();
        let texts = [
            "",
            " ",
            "\t\n",
            "\u{a0}\u{3000}\u{2028}\u{85}",
            "\u{1c}",
            "\u{feff}",
            "a",
            " a ",
            "\u{a0}x\u{a0}",
            "0",
            "03001234567",
            "+92 300 1234567",
            " (020) 7946-0958 ",
            "\t+44.20.7946.0958\u{a0}",
            "123456",
            "1234567",
            "123456789012345",
            "1234567890123456",
            "+",
            "0300 123456x",
            "0300\t1234567",
            "\u{661}\u{662}\u{663}4567890",
        ];
        for text in texts {
            let filled = !text.trim().is_empty();
            assert_eq!(not_blank.is_match(text), filled, "not blank: {text:?}");
            let number = phone_number(text.trim()).is_ok() && filled;
            assert_eq!(phone.is_match(text), number, "phone: {text:?}");
            assert_eq!(optional_phone.is_match(text), number || !filled, "optional phone: {text:?}");
        }
    }

    #[test]
    fn the_courses_are_the_catalogs() {
        // Read as plain JSON: the catalog's own importer belongs to another feature.
        let catalog: serde_json::Value = serde_json::from_str(CATALOG).unwrap();
        let titles: Vec<String> =
            catalog["courses"].as_array().unwrap().iter().map(|c| c["title"].as_str().unwrap().to_owned()).collect();
        assert_eq!(course_titles(), titles.as_slice());
        assert!(titles.contains(&"Data Analysis".to_owned()));
    }

    #[test]
    fn honeypot_detects_bots() {
        assert!(is_bot(&map(json!({HONEYPOT: "http://spam"}))));
        assert!(!is_bot(&map(json!({HONEYPOT: ""}))));
        assert!(!is_bot(&map(json!({}))));
    }
}
