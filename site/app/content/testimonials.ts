// Student and client testimonials (invented people; sample content for the demo brand).

export interface Testimonial {
  name: string;
  role: string;
  company: string;
  content: string;
  /** 1 to 5 stars. */
  rating: 1 | 2 | 3 | 4 | 5;
  image: string;
}

const avatar = (n: number) => `/images/people/student-${n}.webp`;

export const homeTestimonials: Testimonial[] = [
  {
    name: "Ayesha Khan",
    role: "Junior Full Stack Developer",
    company: "Lahore software house",
    content: "The MERN course took me from basic HTML to deploying my own app. The live classes and code reviews made all the difference, and I got my first developer job before the course ended.",
    rating: 5,
    image: avatar(1),
  },
  {
    name: "Daniel Hughes",
    role: "Operations Manager",
    company: "Retail business, Manchester",
    content: "Skyline built our sales dashboard in Power BI. Reports that took two days now update themselves every morning. Friendly, fast and always available on UK hours.",
    rating: 5,
    image: avatar(2),
  },
  {
    name: "Hamza Siddiqui",
    role: "Data Analyst",
    company: "Fintech start-up",
    content: "Excel, SQL, Python and Power BI in one course with real datasets. The capstone project became the centrepiece of my portfolio.",
    rating: 5,
    image: avatar(3),
  },
  {
    name: "Sara Malik",
    role: "Cyber Security Student",
    company: "University of Karachi",
    content: "Hands-on labs every week and instructors who really know their field. The pace is demanding, but the SOC project tied everything together.",
    rating: 4,
    image: avatar(4),
  },
];

export const freeDemoTestimonials: Testimonial[] = [
  ...homeTestimonials,
  {
    name: "Omar Farooq",
    role: "AI & ML Student",
    company: "Islamabad",
    content: "The free demo showed me exactly how the classes run. I enrolled the same week and have not looked back.",
    rating: 5,
    image: avatar(5),
  },
  {
    name: "Emily Carter",
    role: "Career Switcher",
    company: "Birmingham",
    content: "I booked two demos before choosing Data Analysis. No pressure at all, and the instructor answered every question I had.",
    rating: 5,
    image: avatar(6),
  },
];
