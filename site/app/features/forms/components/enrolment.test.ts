import { describe, expect, it } from "vitest";
import { catalogCourses } from "#app/content/catalog";
import { plans } from "#app/content/plans";
import { apiRules } from "#app/lib/api-contract";
import { courseFromParam, type EnrolCourse } from "./enrolment";

const courses: EnrolCourse[] = [
  { id: "665f1c2a9b3e4d0012a1b001", title: "MERN Stack Development", slug: "mern-full-stack-development", duration: "4 months", path: "/MernStackPage", planMonths: 4 },
  { id: "665f1c2a9b3e4d0012a1b002", title: "Data Analysis", slug: "data-analyst", duration: "3 months", path: "/DataAnalysisPage", planMonths: 3 },
];

describe("?course= on /enrollnow", () => {
  it("picks a course by slug or by title, case-insensitively", () => {
    expect(courseFromParam(courses, "data-analyst")).toBe("Data Analysis");
    expect(courseFromParam(courses, "mern stack development")).toBe("MERN Stack Development");
  });
  it("picks nothing for an unknown or missing course", () => {
    expect(courseFromParam(courses, "cooking")).toBe("");
    expect(courseFromParam(courses, null)).toBe("");
    expect(courseFromParam(courses, "  ")).toBe("");
  });
});

describe("what the enrolment forms offer is what the contract lists", () => {
  it("the catalog's course titles, in both layouts", () => {
    const titles = catalogCourses.map((c) => c.title);
    expect(apiRules.EnrollmentFormData.course.enum).toEqual(titles);
    expect(apiRules.RegistrationFormData.course.enum).toEqual(titles);
  });
  it("the plans' ids", () => {
    expect(apiRules.RegistrationFormData.plan.enum).toEqual(plans.map((p) => p.id));
  });
});
