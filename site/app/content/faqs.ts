// FAQs: eight on the home page, twelve on /FreeDemo (stating the free-demo facts of docs/product.md#pages).
import { brand } from "./brand";
import { demoMinutes } from "./demo";

export interface FaqItem {
  question: string;
  answer: string;
}

export const homeFaqs: FaqItem[] = [
  {
    question: "Who are your courses for?",
    answer: "Beginners, graduates and working professionals. Each course starts from the fundamentals and builds up to industry-level projects, so no prior experience is required unless a course says so.",
  },
  {
    question: "Are the classes live or recorded?",
    answer: "Classes are live and interactive with an instructor. Every session is also recorded, so enrolled students can rewatch lectures for their batch at any time.",
  },
  {
    question: "How long are the courses?",
    answer: "MERN Stack Development runs for 4 months. Data Analysis, AI & Machine Learning and Cyber Security each run for 3 months.",
  },
  {
    question: "How many classes are there each week?",
    answer: "Up to 3 classes a week: 2 live interactive sessions and 1 guided assignment, plus a hands-on lab.",
  },
  {
    question: "Do I get a certificate?",
    answer: `Yes. Students who complete a full course and its final project receive a ${brand.name} certificate.`,
  },
  {
    question: "Can I try a class before I enrol?",
    answer: "Yes. Book a free demo class from the Free Demo page and see how our live classes work before you decide.",
  },
  {
    question: "Do you help with jobs and freelancing?",
    answer: "Yes. We review your CV, LinkedIn and GitHub, run mock interviews and show you how to find freelance work on international platforms.",
  },
  {
    question: "Do you also build software for businesses?",
    answer: "Yes. Our team delivers web development, WordPress, UI/UX design, AI chatbots, data analysis, cyber security, mobile apps and digital marketing for clients in Pakistan, the UK and beyond.",
  },
];

export const freeDemoFaqs: FaqItem[] = [
  { question: "Is the demo class really free?", answer: "Yes. The demo class is completely free, with no payment details and no obligation to enrol." },
  { question: "How long does a free demo session last?", answer: `A demo session lasts ${demoMinutes} minutes, including time for your questions.` },
  { question: "Can I attend more than one demo?", answer: "Yes. You can book multiple demos, for the same course or for different courses, before you decide." },
  { question: "Is there a certificate for the demo?", answer: "No. Certificates are awarded only for completing a full course, not for demo sessions." },
  { question: "Is the demo live or pre-recorded?", answer: "The demo is a live class with a real instructor. Recorded demos are also available if you cannot attend live." },
  { question: "Can I reschedule my demo?", answer: "Yes. You can reschedule your demo free of charge; just let us know before the session." },
  { question: "Is the demo suitable for beginners?", answer: "Yes. Demos are beginner-friendly and assume no prior experience." },
  { question: "Which platform is used for the demo?", answer: "Demos run on a video-meeting service. We send you the meeting link after you book." },
  { question: "What do I need to join?", answer: "A laptop or phone with a stable internet connection and a quiet place to listen and ask questions." },
  { question: "Which courses offer a free demo?", answer: "Every course: MERN Stack Development, Data Analysis, AI & Machine Learning and Cyber Security." },
  { question: "What happens after the demo?", answer: "Our advisor shares the course outline, batch timings and fees. You decide whether to enrol, with no pressure." },
  { question: "How do I book my demo?", answer: "Choose a course on this page and send the booking form, or contact us on WhatsApp. We confirm your slot within 24 hours." },
];
