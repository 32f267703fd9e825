// About page copy: founding story, mission, vision and the six core values.
import type { IconName } from "../config/icons";
import { brand } from "./brand";

export const story = {
  heading: "Our Story",
  paragraphs: [
    `${brand.name} was founded in ${brand.foundedYear} by software engineers who had spent years delivering projects for clients in the UK and the Gulf, and who kept meeting talented graduates in Pakistan who lacked the practical skills employers ask for.`,
    "We set out to close that gap: live, project-based courses taught by people who build software every day, alongside a services team that puts those same skills to work for real clients.",
  ],
};

export const mission =
  "To make industry-ready technology skills affordable and accessible, through live teaching, real projects and mentoring that lead to real careers.";

export const vision =
  "To be the most trusted bridge between Pakistan's tech talent and the global digital economy.";

export interface CoreValue {
  icon: IconName;
  title: "Innovation" | "Excellence" | "Community" | "Impact" | "Expert Team" | "Global Reach";
  description: string;
}

export const coreValues: CoreValue[] = [
  { icon: "lightbulb", title: "Innovation", description: "We teach and use the tools the industry is adopting now, not five years ago." },
  { icon: "trophy", title: "Excellence", description: "High standards in every class, every line of code and every client project." },
  { icon: "users", title: "Community", description: "Students, alumni and mentors who help each other grow." },
  { icon: "target", title: "Impact", description: "We measure success by the careers we launch and the businesses we help." },
  { icon: "graduation-cap", title: "Expert Team", description: "Instructors and engineers with years of hands-on industry experience." },
  { icon: "globe", title: "Global Reach", description: "Learners and clients from Pakistan, the UK and around the world." },
];
