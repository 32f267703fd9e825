// Build-time data of the three legal pages (the routes that draw LegalPage).
import { privacyPolicy, refundPolicy, termsOfService, type LegalDocument } from "../content/legal";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";

export function legalData(doc: LegalDocument, path: string) {
  return {
    meta: pageMeta({ title: doc.title, description: doc.description, path, type: "article" }),
    doc,
  };
}

export const privacyData = () => legalData(privacyPolicy, paths.privacy);
export const termsData = () => legalData(termsOfService, paths.terms);
export const refundPolicyData = () => legalData(refundPolicy, paths.refundPolicy);
