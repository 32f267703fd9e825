// The company's headline numbers: the only place they are written (home, about, courses, LMS read them).

export interface Stat {
  value: string;
  label: string;
}

export const stats = {
  students: { value: "10,000+", label: "Students Trained" },
  /**
   * docs/product.md gives 200+, 290+ and 500+ projects delivered in different sections. We use 500+ everywhere:
   * it is the figure in the LMS stats strip, the one set of stats docs/product.md lists in full.
   */
  projects: { value: "500+", label: "Projects Delivered" },
  clients: { value: "280+", label: "Happy Clients" },
  /**
   * docs/product.md says "98% satisfaction or placement". We state the softer claim, satisfaction, everywhere:
   * a placement rate is a promise about jobs that a demo brand should not make.
   */
  satisfaction: { value: "98%", label: "Student Satisfaction" },
  support: { value: "24/7", label: "Support" },
  /** "7+ years" is the team's experience: the academy itself was founded in 2025. */
  experience: { value: "7+", label: "Years of Team Experience" },
} as const satisfies Record<string, Stat>;

/** The strip shown in hero sections (home, about, LMS). */
export const headlineStats: Stat[] = [stats.students, stats.projects, stats.satisfaction, stats.support];

/** The "why choose us" strip on the about page. */
export const whyChooseStats: Stat[] = [stats.clients, stats.projects, stats.experience, stats.satisfaction];
