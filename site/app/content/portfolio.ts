// The six portfolio projects shown on /portfolio and in the portfolio block of /services.

export const portfolioCategories = ["All", "Web Development", "Mobile Development", "UI/UX Design", "Digital Marketing"] as const;
export type PortfolioCategory = Exclude<(typeof portfolioCategories)[number], "All">;
export type PortfolioFilter = (typeof portfolioCategories)[number];

export interface PortfolioProject {
  slug: string;
  title: string;
  description: string;
  image: string;
  category: PortfolioCategory;
  technologies: string[];
  client: string;
  duration: string;
  featured: boolean;
  githubUrl: string | null;
  /** Case-study link; the projects are client work, so there is no public demo to link to. */
  url: string | null;
}

const image = (slug: string) => `/images/portfolio/${slug}.webp`;

export const portfolioProjects: PortfolioProject[] = [
  {
    slug: "edutrack-lms",
    title: "EduTrack Learning Platform",
    description: "A learning management system with course outlines, live batches and secure recorded lectures for 3,000 students.",
    image: image("edutrack-lms"),
    category: "Web Development",
    technologies: ["React", "Node.js", "MongoDB", "AWS"],
    client: "EduTrack Institute",
    duration: "12 weeks",
    featured: true,
    githubUrl: null,
    url: null,
  },
  {
    slug: "shopease-marketplace",
    title: "ShopEase Marketplace",
    description: "A multi-vendor marketplace with vendor dashboards, secure checkout and real-time order tracking.",
    image: image("shopease-marketplace"),
    category: "Web Development",
    technologies: ["Next.js", "Express", "PostgreSQL", "Stripe"],
    client: "ShopEase Retail",
    duration: "10 weeks",
    featured: false,
    githubUrl: null,
    url: null,
  },
  {
    slug: "medicare-mobile",
    title: "MediCare Patient App",
    description: "A cross-platform app for booking appointments, video consultations and prescription reminders.",
    image: image("medicare-mobile"),
    category: "Mobile Development",
    technologies: ["React Native", "Firebase", "Node.js"],
    client: "MediCare Clinics",
    duration: "14 weeks",
    featured: true,
    githubUrl: null,
    url: null,
  },
  {
    slug: "fittrack-app",
    title: "FitTrack Fitness App",
    description: "Workout plans, progress charts and class bookings for a chain of fitness studios.",
    image: image("fittrack-app"),
    category: "Mobile Development",
    technologies: ["Flutter", "Firebase", "Stripe"],
    client: "FitTrack Studios",
    duration: "9 weeks",
    featured: false,
    githubUrl: null,
    url: null,
  },
  {
    slug: "finflow-dashboard",
    title: "FinFlow Banking Dashboard",
    description: "A research-led redesign of an online banking dashboard, with an accessible design system.",
    image: image("finflow-dashboard"),
    category: "UI/UX Design",
    technologies: ["Figma", "FigJam", "Maze"],
    client: "FinFlow Digital",
    duration: "6 weeks",
    featured: true,
    githubUrl: null,
    url: null,
  },
  {
    slug: "greenleaf-campaign",
    title: "GreenLeaf Growth Campaign",
    description: "An SEO and social media campaign that tripled organic traffic for an organic food brand in six months.",
    image: image("greenleaf-campaign"),
    category: "Digital Marketing",
    technologies: ["Google Ads", "Meta Ads", "Google Analytics", "SEO"],
    client: "GreenLeaf Organics",
    duration: "6 months",
    featured: false,
    githubUrl: null,
    url: null,
  },
];

export function filterProjects(projects: PortfolioProject[], filter: PortfolioFilter): PortfolioProject[] {
  return filter === "All" ? projects : projects.filter((p) => p.category === filter);
}
