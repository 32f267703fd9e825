// The four courses: catalog facts (id, title, outline topics) from the seed data, plus the marketing copy of
// each course landing page. Build-time only (imports the catalog): routes pass what they show via loaders.
import { coursePagePaths, courseOutlinePath, enrollPath, type CourseSlug } from "../config/paths";
import { catalogCourse, catalogOutline } from "./catalog";
import type { IconName } from "../config/icons";

export interface Feature {
  icon: IconName;
  title: string;
  description: string;
}

interface CourseCopy {
  slug: CourseSlug;
  /** Short name for menus and tiles. */
  navTitle: string;
  headline: string;
  intro: string;
  modules: number;
  projects: number;
  features: Feature[];
  learn: string[];
  /** Extra claims docs/product.md gives for one course only. */
  highlights?: { value: string; label: string }[];
  /** Price shown to visitors in Pakistan, where docs/product.md quotes one (Data Analysis: PKR 2,000 per month). */
  localPrice?: string;
}

export interface Course extends CourseCopy {
  id: string;
  title: string;
  description: string;
  /**
   * docs/product.md reads the MERN course as 4 months (courses page, cards) and 6 months (search metadata). We use
   * the catalog's duration, 4 months, everywhere: it is what the outline (16 weeks) actually teaches.
   */
  duration: string;
  durationMonths: number;
  durationWeeks: number;
  rating: number;
  studentsText: string;
  studentCount: number;
  level: string;
  image: string;
  skills: string[];
  /** Outline topics, in order, from the catalog. */
  topics: string[];
  weeklySchedule: { theory: string; practice: string; lab: string };
  path: string;
  outlinePath: string;
  /** /enrollnow with this course preselected. */
  enrollPath: string;
  monthlyPriceUsd: number;
}

/** docs/product.md#constants: every course is $99 per month (USD), shown only once the visitor's country is known. */
export const coursePriceUsdPerMonth = 99;

/**
 * The product's (docs/product.md#constants) default review count for structured data. Ratings themselves come from the catalog.
 */
export const courseReviewCount = 100;

const copy: CourseCopy[] = [
  {
    slug: "mern-full-stack-development",
    navTitle: "MERN Stack Development",
    headline: "Become a Job-Ready MERN Stack Developer",
    intro:
      "Go from your first HTML page to a deployed full stack application. Live classes, weekly labs and a capstone project you can show employers in Pakistan, the UK and beyond.",
    modules: 12,
    projects: 8,
    features: [
      { icon: "users", title: "Live Mentor-Led Classes", description: "Two live sessions a week with working developers who review your code." },
      { icon: "code", title: "Project-Based Learning", description: "Eight real projects, from a responsive portfolio to a full stack marketplace." },
      { icon: "briefcase", title: "Career Support", description: "CV and GitHub reviews, mock interviews and freelancing guidance." },
      { icon: "award", title: "Industry Certificate", description: "A verifiable certificate when you complete the course and capstone." },
    ],
    learn: [
      "Build responsive, accessible interfaces with HTML5, CSS3 and Tailwind",
      "Write modern JavaScript and manage code with Git and GitHub",
      "Create single-page applications with React and hooks",
      "Design REST APIs with Node.js and Express",
      "Model data in MongoDB with Mongoose",
      "Secure apps with JWT authentication and deploy them to the cloud",
    ],
  },
  {
    slug: "data-analyst",
    navTitle: "Data Analysis",
    headline: "Turn Data into Decisions as a Data Analyst",
    intro:
      "Learn the tools every analytics team uses, Excel, SQL, Python, Power BI and Tableau, and finish with a capstone analysis of a real business dataset.",
    modules: 10,
    projects: 6,
    features: [
      { icon: "database", title: "Real Business Datasets", description: "Practise on sales, finance and operations data, not toy examples." },
      { icon: "layout-dashboard", title: "Dashboards That Impress", description: "Build interactive Power BI and Tableau dashboards for your portfolio." },
      { icon: "users", title: "Expert Instructors", description: "Analysts who work with data every day teach every live class." },
      { icon: "award", title: "Industry Certificate", description: "A verifiable certificate when you complete the course and capstone." },
    ],
    learn: [
      "Clean, shape and analyse data in Microsoft Excel and Power Query",
      "Query relational databases confidently with SQL",
      "Automate analysis with Python and pandas",
      "Design interactive dashboards in Power BI and Tableau",
      "Apply statistics and predictive analysis to business questions",
      "Present findings as clear, persuasive data stories",
    ],
    highlights: [
      { value: "30%", label: "Annual growth in demand for data analysts" },
      { value: "PKR 120,000 – 500,000", label: "Monthly salaries for data analysts" },
    ],
    localPrice: "PKR 2,000 per month",
  },
  {
    slug: "ai-machine-learning",
    navTitle: "AI & Machine Learning",
    headline: "Build Intelligent Systems with Full Stack AI",
    intro:
      "From Python and the maths of machine learning to deep learning, NLP and generative AI, ending with an end-to-end AI/ML application you deploy yourself.",
    modules: 16,
    projects: 12,
    features: [
      { icon: "brain-circuit", title: "Hands-On Machine Learning", description: "Train, tune and evaluate models with scikit-learn, TensorFlow and PyTorch." },
      { icon: "sparkles", title: "Generative AI", description: "Work with large language models, prompt design and retrieval." },
      { icon: "rocket", title: "Deployment and MLOps", description: "Ship models behind APIs with FastAPI and Docker." },
      { icon: "award", title: "Industry Certificate", description: "A verifiable certificate when you complete the course and capstone." },
    ],
    learn: [
      "Program in Python for data handling and numerical work",
      "Understand the mathematics and statistics behind machine learning",
      "Build supervised and unsupervised learning models",
      "Design deep neural networks for vision and language",
      "Apply NLP and generative AI to real problems",
      "Deploy an end-to-end AI/ML application with MLOps practices",
    ],
  },
  {
    slug: "cyber-security",
    navTitle: "Cyber Security",
    headline: "Defend Networks as an Ethical Hacker",
    intro:
      "A practical, CEH-style course: learn how attackers work and how to stop them, then put it all together in a simulated Security Operations Centre project.",
    modules: 12,
    projects: 7,
    features: [
      { icon: "shield-check", title: "Ethical Hacking Labs", description: "Attack and defend purpose-built lab machines safely and legally." },
      { icon: "network", title: "Network Security", description: "Sniffing, spoofing, denial of service and how to detect each one." },
      { icon: "file-search", title: "Incident Response", description: "Investigate incidents and collect digital evidence like a SOC analyst." },
      { icon: "award", title: "Industry Certificate", description: "A verifiable certificate when you complete the course and SOC project." },
    ],
    learn: [
      "Understand networking, Linux and Windows from a security point of view",
      "Perform footprinting, reconnaissance and vulnerability scanning",
      "Recognise system hacking techniques and malware threats",
      "Secure web applications, databases, wireless and cloud systems",
      "Use cryptography and respond to security incidents",
      "Run a simulated Security Operations Centre (SOC) end to end",
    ],
  },
];

function build(c: CourseCopy): Course {
  const catalog = catalogCourse(c.slug);
  const outline = catalogOutline(catalog._id);
  return {
    ...c,
    id: catalog._id,
    title: catalog.title,
    description: catalog.description,
    duration: catalog.duration,
    durationMonths: Math.round(outline.durationWeeks / 4),
    durationWeeks: outline.durationWeeks,
    rating: catalog.rating,
    studentsText: catalog.students,
    studentCount: Number.parseInt(catalog.students.replace(/[^0-9]/g, ""), 10),
    level: catalog.level,
    image: catalog.thumbnail,
    skills: catalog.skills,
    topics: outline.topics,
    weeklySchedule: outline.weeklySchedule,
    path: coursePagePaths[c.slug],
    outlinePath: courseOutlinePath(catalog._id),
    enrollPath: enrollPath(c.slug),
    monthlyPriceUsd: coursePriceUsdPerMonth,
  };
}

export const courses: Course[] = copy.map(build);

export function courseBySlug(slug: CourseSlug): Course {
  const course = courses.find((c) => c.slug === slug);
  if (!course) throw new Error(`unknown course ${slug}`);
  return course;
}

/** Slugs used in the product's search metadata that have no page of their own, mapped to the closest course. */
export const courseSlugAliases: Record<string, CourseSlug> = {
  "data-science": "data-analyst",
  "mern-stack": "mern-full-stack-development",
  "full-stack-ai": "ai-machine-learning",
  "cybersecurity": "cyber-security",
};
