// The three monthly plans; the amounts show only once prices are revealed (docs/product.md#behaviour).
import { Link } from "react-router";
import type { Plan } from "../content/plans";
import { enrollPlanPath } from "../config/paths";
import { usePricesVisible } from "../lib/prices";
import { priceSlot, useStaticRender } from "../lib/static-render";
import { cx } from "../lib/cx";
import { CheckList } from "./CheckList";

export function Pricing({ plans, highlightLabel }: { plans: Plan[]; highlightLabel: string }) {
  const visible = usePricesVisible();
  const isStatic = useStaticRender();
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {plans.map((plan) => (
        <li
          key={plan.id}
          className={cx("card relative flex flex-col p-8", plan.highlighted && "border-2 border-brand-700 shadow-lg")}
        >
          {plan.highlighted && (
            <p className="absolute -top-3 left-8 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
              {highlightLabel}
            </p>
          )}
          <h3 className="text-xl font-semibold">{plan.title}</h3>
          <p className="mt-4 text-slate-600">
            {isStatic ? (
              // Build-time HTML: both states, StaticHtml swaps them once prices are revealed.
              <>
                <FeesOnEnquiry {...{ [priceSlot.hidden]: "" }} />
                <template {...{ [priceSlot.revealed]: "" }}>
                  <Amount usd={plan.priceUsd} />
                </template>
              </>
            ) : visible ? (
              <Amount usd={plan.priceUsd} />
            ) : (
              <FeesOnEnquiry />
            )}
          </p>
          <div className="mt-6 flex-1">
            <CheckList items={plan.features} columns={1} />
          </div>
          <Link to={enrollPlanPath(plan.id)} className={cx("mt-8", plan.highlighted ? "btn-primary" : "btn-secondary")}>
            Choose {plan.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Amount({ usd }: { usd: number }) {
  return (
    <>
      <span className="text-4xl font-extrabold text-ink">${usd}</span> /month
    </>
  );
}

const FeesOnEnquiry = (marker: Record<string, string>) => (
  <span className="text-lg font-semibold text-ink" {...marker}>
    Fees shared on enquiry
  </span>
);
