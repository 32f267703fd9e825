import { describe, expect, it } from "vitest";
import { courseFromParam, type EnrolCourse } from "./enrolment";

const courses: EnrolCourse[] = [
  { title: "MERN Stack Development", slug: "mern-full-stack-development", duration: "4 months", path: "/MernStackPage", planMonths: 4 },
  { title: "Data Analysis", slug: "data-analyst", duration: "3 months", path: "/DataAnalysisPage", planMonths: 3 },
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
