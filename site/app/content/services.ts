// The nine services on /services and the copy of the six service landing pages.
import { paths, servicePagePaths, type ServicePageSlug } from "../config/paths";
import type { IconName } from "../config/icons";

/** docs/product.md#constants: every service reads this instead of a price. */
export const servicePriceText = "Contact for Custom Quote";

export interface Service {
  slug: string;
  icon: IconName;
  title: string;
  description: string;
  features: string[];
  technologies: string[];
  price: string;
  timeline: string;
  /** Its landing page, or the contact form for services without one. */
  url: string;
}

export const services: Service[] = [
  {
    slug: "web-development",
    icon: "code",
    title: "Web Development",
    description: "Fast, secure and scalable websites and web applications built with modern frameworks.",
    features: ["Custom web applications", "E-commerce stores", "Progressive web apps", "API development"],
    technologies: ["React", "Next.js", "Node.js", "MongoDB"],
    price: servicePriceText,
    timeline: "4–12 weeks",
    url: servicePagePaths["web-development"],
  },
  {
    slug: "wordpress-development",
    icon: "layout-template",
    title: "WordPress Development",
    description: "Custom themes, plugins and WooCommerce stores that your team can update with ease.",
    features: ["Custom themes", "Plugin development", "WooCommerce stores", "Speed and security hardening"],
    technologies: ["WordPress", "PHP", "WooCommerce", "Elementor"],
    price: servicePriceText,
    timeline: "2–6 weeks",
    url: servicePagePaths["wordpress-development"],
  },
  {
    slug: "ui-ux-design",
    icon: "palette",
    title: "UI/UX Design",
    description: "Research-led interfaces that are beautiful, accessible and simple to use.",
    features: ["User research", "Wireframes and prototypes", "Design systems", "Usability testing"],
    technologies: ["Figma", "Adobe XD", "FigJam", "Maze"],
    price: servicePriceText,
    timeline: "2–8 weeks",
    url: servicePagePaths["ui-ux-design"],
  },
  {
    slug: "ai-chatbot-integration",
    icon: "bot",
    title: "AI Chatbot Integration",
    description: "Conversational assistants that answer customers around the clock, grounded in your own content.",
    features: ["Website and WhatsApp bots", "Knowledge-base answers", "Lead capture", "Human hand-over"],
    technologies: ["OpenAI", "Gemini", "LangChain", "Python"],
    price: servicePriceText,
    timeline: "3–8 weeks",
    url: servicePagePaths["ai-chatbot-integration"],
  },
  {
    slug: "data-analysis",
    icon: "bar-chart-3",
    title: "Data Analysis & Business Intelligence",
    description: "Dashboards and reports that turn your data into clear, timely business decisions.",
    features: ["Dashboard development", "Data cleaning and modelling", "Automated reporting", "Forecasting"],
    technologies: ["Power BI", "Tableau", "SQL", "Python"],
    price: servicePriceText,
    timeline: "2–10 weeks",
    url: servicePagePaths["data-analysis"],
  },
  {
    slug: "cyber-security",
    icon: "shield",
    title: "Cyber Security",
    description: "Assessments, penetration tests and monitoring that keep your systems and data safe.",
    features: ["Vulnerability assessments", "Penetration testing", "Security audits", "Staff awareness training"],
    technologies: ["Burp Suite", "Nmap", "Metasploit", "Wireshark"],
    price: servicePriceText,
    timeline: "2–8 weeks or ongoing",
    url: servicePagePaths["cyber-security"],
  },
  {
    slug: "mobile-app-development",
    icon: "smartphone",
    title: "Mobile App Development",
    description: "Cross-platform iOS and Android apps with native performance and one codebase.",
    features: ["iOS and Android apps", "Cross-platform builds", "App store publishing", "Maintenance"],
    technologies: ["React Native", "Flutter", "Firebase", "Expo"],
    price: servicePriceText,
    timeline: "6–12 weeks",
    url: paths.contact,
  },
  {
    slug: "digital-marketing",
    icon: "megaphone",
    title: "Digital Marketing",
    description: "Search, social and content campaigns that bring the right visitors and measure every result.",
    features: ["Search engine optimisation", "Social media campaigns", "Content marketing", "Analytics and reporting"],
    technologies: ["Google Ads", "Meta Ads", "Google Analytics", "Search Console"],
    price: servicePriceText,
    timeline: "Ongoing",
    url: paths.contact,
  },
  {
    slug: "cloud-devops",
    icon: "cloud",
    title: "Cloud & DevOps",
    description: "Reliable hosting, automated deployments and monitoring so your product stays online.",
    features: ["Cloud migration", "CI/CD pipelines", "Containerisation", "Monitoring and alerts"],
    technologies: ["AWS", "Docker", "GitHub Actions", "Terraform"],
    price: servicePriceText,
    timeline: "2–6 weeks or ongoing",
    url: paths.contact,
  },
];

/** docs/product.md#pages: the four services shown on the home page. */
export const homeServiceSlugs = ["web-development", "ui-ux-design", "ai-chatbot-integration", "cyber-security"];

/** Slugs used in the product's search metadata (/services/{slug}) mapped to the page they should land on. */
export const serviceSlugRedirects: Record<string, string> = Object.fromEntries(services.map((s) => [s.slug, s.url]));

export interface ServiceCard {
  icon: IconName;
  title: string;
  desc: string;
}

export interface ProjectCard {
  title: string;
  description: string;
  image: string;
}

export interface ServicePage {
  slug: ServicePageSlug;
  path: string;
  /** Short name for menus. */
  navTitle: string;
  title: string;
  metaTitle: string;
  metaDescription: string;
  eyebrow: string;
  intro: string;
  heroCta: string;
  cardsHeading: string;
  cards: ServiceCard[];
  whyChooseHeading: string;
  whyChoose: string[];
  projects: ProjectCard[];
  closing: { heading: string; text: string; cta: string };
}

const projectImage = (slug: ServicePageSlug, n: number) => `/images/projects/${slug}-${n}.webp`;

type PageCopy = Omit<ServicePage, "path" | "projects"> & { projects: Omit<ProjectCard, "image">[] };

const pageCopy: PageCopy[] = [
  {
    slug: "wordpress-development",
    navTitle: "WordPress Development",
    title: "WordPress Development Services",
    metaTitle: "WordPress Development Services",
    metaDescription:
      "Custom WordPress themes, plugins and WooCommerce stores built for speed, security and easy editing by Skyline Tech Academy's development team.",
    eyebrow: "WordPress experts",
    intro:
      "From a brochure site to a busy WooCommerce store, we build WordPress websites that load fast, rank well and are easy for your team to update.",
    heroCta: "Get a Free Quote",
    cardsHeading: "Our WordPress Services",
    cards: [
      { icon: "layout-template", title: "Custom Theme Development", desc: "Pixel-perfect themes built from your design, with no bloated page builders." },
      { icon: "puzzle", title: "Plugin Development", desc: "Custom plugins that add exactly the features your business needs." },
      { icon: "shopping-cart", title: "WooCommerce Stores", desc: "Online shops with local and international payment gateways." },
      { icon: "gauge", title: "Speed Optimisation", desc: "Caching, image optimisation and clean code for top Core Web Vitals." },
      { icon: "lock", title: "Security Hardening", desc: "Firewalls, malware scans, backups and updates you never have to think about." },
      { icon: "wrench", title: "Maintenance and Support", desc: "Monthly care plans with updates, monitoring and quick fixes." },
    ],
    whyChooseHeading: "Why Choose Us for WordPress",
    whyChoose: [
      "Hand-coded themes that stay fast as your site grows",
      "Mobile-first, accessible and SEO-ready from day one",
      "Training so your team can edit content with confidence",
      "Transparent fixed quotes with clear milestones",
      "Secure hosting setup, backups and monitoring",
      "Support from the same developers who built your site",
    ],
    projects: [
      { title: "Boutique Fashion Store", description: "A WooCommerce store with size guides, wishlists and local payment options." },
      { title: "Law Firm Website", description: "A fast, multilingual brochure site with appointment booking." },
      { title: "Restaurant Ordering Site", description: "Online menu and ordering with kitchen notifications." },
      { title: "Real Estate Listings", description: "Property search with maps, filters and agent profiles." },
      { title: "Non-Profit Donations Portal", description: "Campaign pages with secure recurring donations." },
      { title: "Online Magazine", description: "A content-heavy news site tuned for speed and search." },
    ],
    closing: {
      heading: "Ready to Launch Your WordPress Website?",
      text: "Tell us about your project and get a free, no-obligation quote within 24 hours.",
      cta: "Contact Us Today",
    },
  },
  {
    slug: "ai-chatbot-integration",
    navTitle: "AI Chatbot Integration",
    title: "AI Chatbot Integration",
    metaTitle: "AI Chatbot Integration Services",
    metaDescription:
      "AI chatbots for your website and WhatsApp that answer customers 24/7 from your own content, capture leads and hand over to your team.",
    eyebrow: "Conversational AI",
    intro:
      "Give every visitor an instant, accurate answer. We design, train and integrate AI assistants that know your business and hand over to a human when it matters.",
    heroCta: "Get a Free Consultation",
    cardsHeading: "Our Chatbot Services",
    cards: [
      { icon: "message-square", title: "Website Chat Assistants", desc: "An on-brand assistant that answers questions and guides visitors." },
      { icon: "smartphone", title: "WhatsApp Bots", desc: "Automated replies and bookings where your customers already are." },
      { icon: "database", title: "Knowledge-Base Training", desc: "Answers grounded in your documents, FAQs and product data." },
      { icon: "target", title: "Lead Capture", desc: "Qualify enquiries and send hot leads straight to your sales team." },
      { icon: "workflow", title: "System Integrations", desc: "Connect the bot to your CRM, helpdesk and booking tools." },
      { icon: "bar-chart-3", title: "Analytics and Tuning", desc: "See what customers ask and keep improving the answers." },
    ],
    whyChooseHeading: "Why Choose Us for AI Chatbots",
    whyChoose: [
      "Assistants that stay on topic and never invent answers about your business",
      "Support for English and Urdu conversations",
      "Privacy-first design: keys and data stay on your side",
      "Smooth hand-over to human agents",
      "Clear monthly reports on questions and outcomes",
      "Built by engineers who teach AI every day",
    ],
    projects: [
      { title: "Clinic Booking Assistant", description: "Books appointments and answers patient questions on WhatsApp." },
      { title: "E-commerce Support Bot", description: "Tracks orders and handles returns for an online retailer." },
      { title: "University Admissions Helper", description: "Answers admissions questions around the clock in two languages." },
      { title: "Real Estate Lead Qualifier", description: "Qualifies buyers and books property viewings automatically." },
      { title: "IT Helpdesk Assistant", description: "Resolves common staff IT issues before a ticket is raised." },
      { title: "Travel Agency Concierge", description: "Suggests packages and collects enquiry details for agents." },
    ],
    closing: {
      heading: "Let AI Answer Your Customers 24/7",
      text: "Book a free consultation and see a demo assistant trained on your own content.",
      cta: "Start Your Project",
    },
  },
  {
    slug: "data-analysis",
    navTitle: "Data Analysis & BI",
    title: "Data Analysis & Business Intelligence",
    metaTitle: "Data Analysis & Business Intelligence Services",
    metaDescription:
      "Power BI and Tableau dashboards, data cleaning, automated reporting and forecasting that turn your data into decisions.",
    eyebrow: "Data-driven decisions",
    intro:
      "Stop guessing. We connect your data sources, clean and model your data and build dashboards that show what is happening in your business today.",
    heroCta: "Get a Free Consultation",
    cardsHeading: "Our Data Services",
    cards: [
      { icon: "layout-dashboard", title: "Dashboard Development", desc: "Interactive Power BI and Tableau dashboards for every team." },
      { icon: "database", title: "Data Cleaning and Modelling", desc: "Reliable, well-structured data you can trust." },
      { icon: "zap", title: "Automated Reporting", desc: "Reports that refresh themselves and arrive on schedule." },
      { icon: "trending-up", title: "Forecasting", desc: "Predict sales, demand and cash flow with statistical models." },
      { icon: "chart-pie", title: "Customer Analytics", desc: "Segment customers and understand what drives loyalty." },
      { icon: "server", title: "Data Warehousing", desc: "Bring scattered spreadsheets and systems into one source of truth." },
    ],
    whyChooseHeading: "Why Choose Us for Data Analysis",
    whyChoose: [
      "Analysts who also teach data analysis professionally",
      "Dashboards designed around the decisions you make",
      "Secure handling of your business data",
      "Training so your team can explore data on their own",
      "Fixed-scope projects or ongoing analytics support",
      "Clear documentation of every metric and data source",
    ],
    projects: [
      { title: "Retail Sales Dashboard", description: "Daily sales, margin and stock insights across 40 stores." },
      { title: "Finance KPI Reporting", description: "Automated monthly board reports that used to take a week." },
      { title: "Logistics Performance Tracker", description: "Delivery times and costs by route, driver and region." },
      { title: "Marketing Attribution Model", description: "Which channels really bring paying customers." },
      { title: "Healthcare Operations Analytics", description: "Patient flow and waiting-time analysis for a clinic network." },
      { title: "Demand Forecasting Tool", description: "Weekly demand forecasts that cut over-stock for a distributor." },
    ],
    closing: {
      heading: "Turn Your Data into Your Advantage",
      text: "Share a sample of your data and we will show you the insights hiding in it.",
      cta: "Get a Free Quote",
    },
  },
  {
    slug: "web-development",
    navTitle: "Web Development",
    title: "Web Development Services",
    metaTitle: "Web Development Services",
    metaDescription:
      "Custom websites, web applications, e-commerce and APIs built with React, Next.js and Node.js: fast, secure and ready to scale.",
    eyebrow: "Modern web engineering",
    intro:
      "We design and build fast, secure websites and web applications with the same modern stack we teach, and we support them long after launch.",
    heroCta: "Start Your Project",
    cardsHeading: "Our Web Development Services",
    cards: [
      { icon: "code", title: "Custom Web Applications", desc: "Dashboards, portals and SaaS products built around your workflow." },
      { icon: "shopping-cart", title: "E-commerce Development", desc: "Online stores with secure checkout and inventory management." },
      { icon: "monitor-smartphone", title: "Responsive Websites", desc: "Sites that look and work great on every screen size." },
      { icon: "server", title: "API Development", desc: "Well-documented REST APIs that connect your systems." },
      { icon: "gauge", title: "Performance Optimisation", desc: "Faster pages, better Core Web Vitals and higher conversions." },
      { icon: "wrench", title: "Maintenance and Support", desc: "Updates, monitoring and improvements after launch." },
    ],
    whyChooseHeading: "Why Choose Us for Web Development",
    whyChoose: [
      "Modern, maintainable code with React, Next.js and Node.js",
      "Accessible, SEO-friendly pages that load fast on mobile",
      "Agile delivery with a demo every week",
      "Security best practices built in from the start",
      "You own the code, the designs and the accounts",
      "Teams in Pakistan working UK business hours",
    ],
    projects: [
      { title: "Learning Management System", description: "Course catalogue, batches and recorded lectures for an academy." },
      { title: "Property Management Portal", description: "Tenants, rent collection and maintenance requests in one place." },
      { title: "B2B Ordering Platform", description: "Wholesale ordering with customer-specific price lists." },
      { title: "Event Ticketing Site", description: "Ticket sales, QR check-in and live attendance reports." },
      { title: "Recruitment Job Board", description: "Job listings, applications and employer dashboards." },
      { title: "Fitness Booking App", description: "Class schedules, memberships and online payments for a gym chain." },
    ],
    closing: {
      heading: "Have a Web Project in Mind?",
      text: "Tell us what you want to build and we will reply with a plan and a quote within 24 hours.",
      cta: "Get a Free Quote",
    },
  },
  {
    slug: "cyber-security",
    navTitle: "Cyber Security",
    title: "Cyber Security Services",
    metaTitle: "Cyber Security Services",
    metaDescription:
      "Vulnerability assessments, penetration testing, security audits and awareness training from certified ethical hackers.",
    eyebrow: "Protect what matters",
    intro:
      "Find your weaknesses before attackers do. Our certified ethical hackers test, harden and monitor your systems, and train your people to stay safe.",
    heroCta: "Get a Security Assessment",
    cardsHeading: "Our Security Services",
    cards: [
      { icon: "search", title: "Vulnerability Assessment", desc: "Automated and manual scans of your networks and applications." },
      { icon: "bug", title: "Penetration Testing", desc: "Real-world attack simulations with a clear remediation report." },
      { icon: "shield-check", title: "Security Audits", desc: "Policy, configuration and compliance reviews against best practice." },
      { icon: "lock", title: "Web Application Security", desc: "Testing against the OWASP Top 10 and secure code reviews." },
      { icon: "network", title: "Network Security", desc: "Firewall, VPN and Wi-Fi hardening for offices of every size." },
      { icon: "users", title: "Security Awareness Training", desc: "Phishing simulations and training that change staff habits." },
    ],
    whyChooseHeading: "Why Choose Us for Cyber Security",
    whyChoose: [
      "Certified ethical hackers who also train the next generation",
      "Clear reports that executives and engineers both understand",
      "Strict confidentiality and agreed rules of engagement",
      "Prioritised fixes, not just a list of problems",
      "Free re-test after you remediate findings",
      "Ongoing monitoring and incident response support",
    ],
    projects: [
      { title: "Fintech Penetration Test", description: "Found and helped fix critical API flaws before launch." },
      { title: "Hospital Network Audit", description: "Segmented a flat network and secured medical devices." },
      { title: "E-commerce Security Review", description: "Hardened checkout and admin areas against common attacks." },
      { title: "School Phishing Programme", description: "Cut click-through on phishing tests by more than half." },
      { title: "Cloud Configuration Audit", description: "Closed public storage buckets and over-broad access keys." },
      { title: "SOC Monitoring Setup", description: "Log collection and alerting for a growing software company." },
    ],
    closing: {
      heading: "Is Your Business Secure?",
      text: "Book a free initial security audit and get a prioritised list of risks to fix.",
      cta: "Request a Free Security Audit",
    },
  },
  {
    slug: "ui-ux-design",
    navTitle: "UI/UX Design",
    title: "UI/UX Design Services",
    metaTitle: "UI/UX Design Services",
    metaDescription:
      "User research, wireframes, prototypes and design systems that make your product beautiful, accessible and easy to use.",
    eyebrow: "Design people love",
    intro:
      "Good design is good business. We research your users, prototype quickly and deliver polished, accessible interfaces your developers can build with ease.",
    heroCta: "Start Your Project",
    cardsHeading: "Our Design Services",
    cards: [
      { icon: "users", title: "User Research", desc: "Interviews, surveys and analytics to understand your users." },
      { icon: "pen-tool", title: "Wireframing", desc: "Fast, low-fidelity layouts to agree structure early." },
      { icon: "layers", title: "Interactive Prototypes", desc: "Clickable prototypes to test ideas before code is written." },
      { icon: "palette", title: "Visual Design", desc: "Polished interfaces that reflect your brand." },
      { icon: "layout-template", title: "Design Systems", desc: "Reusable components that keep every screen consistent." },
      { icon: "user-check", title: "Usability Testing", desc: "Watch real users and fix what confuses them." },
    ],
    whyChooseHeading: "Why Choose Us for UI/UX Design",
    whyChoose: [
      "Designs that meet WCAG accessibility guidelines",
      "Developer-ready handover with specs and assets",
      "Research-led decisions, not guesswork",
      "Rapid iterations with weekly design reviews",
      "Mobile-first layouts for every screen",
      "Designers who understand how products are built",
    ],
    projects: [
      { title: "Banking App Redesign", description: "A simpler mobile banking experience with fewer support calls." },
      { title: "Telehealth Platform", description: "Patient and doctor journeys for video consultations." },
      { title: "SaaS Analytics Dashboard", description: "Complex data made clear with a reusable design system." },
      { title: "Food Delivery App", description: "A faster ordering flow that lifted repeat orders." },
      { title: "Education Portal", description: "Student and teacher dashboards for an online school." },
      { title: "Travel Booking Website", description: "Search and checkout redesigned for mobile visitors." },
    ],
    closing: {
      heading: "Let's Design Something Great Together",
      text: "Share your idea or your current product and we will suggest the quickest wins.",
      cta: "Get a Free Quote",
    },
  },
];

export const servicePages: ServicePage[] = pageCopy.map((p) => ({
  ...p,
  path: servicePagePaths[p.slug],
  projects: p.projects.map((proj, i) => ({ ...proj, image: projectImage(p.slug, i + 1) })),
}));

export function servicePage(slug: ServicePageSlug): ServicePage {
  const page = servicePages.find((p) => p.slug === slug);
  if (!page) throw new Error(`unknown service page ${slug}`);
  return page;
}
