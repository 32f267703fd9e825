// Build-time data of /staff: its head tags only (the console loads everything in the browser). Never indexed.
import { fullTitle } from "../lib/seo";

export function staffData() {
  return {
    meta: [
      { title: fullTitle("Staff console") },
      { name: "description", content: "Enquiries, enrolments, students' progress and the audit trail, for the institute's staff." },
      { name: "robots", content: "noindex, nofollow" },
    ],
  };
}
