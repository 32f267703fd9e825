// Monthly plans (docs/product.md#records, #constants). Prices are USD and stay hidden until a location check reveals them.

export interface Plan {
  id: "basic" | "standard" | "premium";
  title: string;
  priceUsd: number;
  features: string[];
  highlighted: boolean;
}

const included = ["Free demo class", "Up to 3 classes per week (2 live interactive + 1 guided assignment)"];
const renewal = "Auto-renewal can be cancelled anytime";

export const plans: Plan[] = [
  { id: "basic", title: "Basic", priceUsd: 99, highlighted: false, features: [...included, "Recorded lectures for your batch", "Community support", renewal] },
  { id: "standard", title: "Standard", priceUsd: 149, highlighted: true, features: [...included, "Recorded lectures for your batch", "Weekly mentor Q&A", "Project reviews", renewal] },
  { id: "premium", title: "Premium", priceUsd: 199, highlighted: false, features: [...included, "Recorded lectures for your batch", "One-to-one mentoring", "Career coaching and mock interviews", renewal] },
];

export const highlightedPlanLabel = "Most Popular";

/** docs/product.md#constants: plans run 4 months for a MERN course, 3 months otherwise. */
export const planMonths = (courseTitle: string) => (courseTitle.toLowerCase().includes("mern") ? 4 : 3);
