// What both enrolment layouts know about a course, and how ?course= picks one (a slug or a title).
import type { FormFields } from "../api/send-email";

/** A course title an enrolment may name: the contract lists the catalog's. */
export type EnrolmentTitle = FormFields<"enrollment-form">["course"];

export interface EnrolCourse {
  /** The catalog's course id (the card checkout sends it). */
  id: string;
  title: string;
  slug: string;
  duration: string;
  path: string;
  /** docs/product.md#constants: 4 months when the title contains 'mern', else 3. */
  planMonths: number;
}

export function courseFromParam(courses: EnrolCourse[], param: string | null): string {
  const wanted = param?.trim().toLowerCase();
  if (!wanted) return "";
  return courses.find((c) => c.slug === wanted || c.title.toLowerCase() === wanted)?.title ?? "";
}

export const enrolmentErrorFallback = "Something went wrong. Try again later.";
export const enrolmentFailedFallback = "Please try again later.";
