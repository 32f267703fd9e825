//! The plans and their prices (SPEC: Basic $99, Standard $149, Premium $199 a month; 4 months for
//! a MERN course, 3 for the others). The server's prices: a request never names an amount.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The currency card plans are priced in.
pub const CURRENCY: &str = "usd";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PlanKind {
    Basic,
    Standard,
    Premium,
    /// A payment staff recorded for no plan of the catalog (a custom arrangement): never sold at checkout.
    Custom,
}

impl PlanKind {
    pub const ALL: [PlanKind; 3] = [Self::Basic, Self::Standard, Self::Premium];

    /// The monthly price in cents.
    pub fn monthly_cents(self) -> u64 {
        match self {
            Self::Basic => 9_900,
            Self::Standard => 14_900,
            Self::Premium => 19_900,
            Self::Custom => 0,
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Self::Basic => "Basic",
            Self::Standard => "Standard",
            Self::Premium => "Premium",
            Self::Custom => "Custom",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Basic => "basic",
            Self::Standard => "standard",
            Self::Premium => "premium",
            Self::Custom => "custom",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.as_str() == text)
    }
}

/// How many months a course's plan runs: 4 when its title names MERN, else 3.
pub fn months_for(course_title: &str) -> u32 {
    if course_title.to_lowercase().contains("mern") {
        4
    } else {
        3
    }
}

/// A plan as the site offers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanPrice {
    pub plan: PlanKind,
    pub title: String,
    pub monthly_amount: u64,
    pub currency: String,
}

pub fn prices() -> Vec<PlanPrice> {
    PlanKind::ALL
        .into_iter()
        .map(|plan| PlanPrice {
            plan,
            title: plan.title().to_owned(),
            monthly_amount: plan.monthly_cents(),
            currency: CURRENCY.to_owned(),
        })
        .collect()
}

/// An amount as a person reads it: `$149.00`, `PKR 25,000`.
pub fn shown(amount: u64, currency: &str) -> String {
    match currency {
        "usd" => format!("${}.{:02}", grouped(amount / 100), amount % 100),
        // Rupees are written without paisa, as the institute's receipts are.
        "pkr" => format!("PKR {}", grouped(amount / 100)),
        other => format!("{} {}.{:02}", other.to_uppercase(), grouped(amount / 100), amount % 100),
    }
}

fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_and_months_are_the_specs() {
        assert_eq!(PlanKind::Standard.monthly_cents(), 14_900);
        assert_eq!(PlanKind::Basic.monthly_cents(), 9_900);
        assert_eq!(PlanKind::Premium.monthly_cents(), 19_900);
        assert_eq!(months_for("MERN Stack Development"), 4);
        assert_eq!(months_for("Data Analysis"), 3);
        assert_eq!(PlanKind::parse("standard"), Some(PlanKind::Standard));
        assert_eq!(PlanKind::parse("Standard"), None);
    }

    #[test]
    fn amounts_read_as_money() {
        assert_eq!(shown(14_900, "usd"), "$149.00");
        assert_eq!(shown(2_500_000, "pkr"), "PKR 25,000");
        assert_eq!(shown(123_456_789, "usd"), "$1,234,567.89");
    }
}
