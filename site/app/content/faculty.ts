// Faculty and partner universities on /courses (invented people and institutions).

export interface FacultyMember {
  name: string;
  title: string;
  university: string;
  program: string;
  logo: string;
  image: string;
}

const person = (n: number) => `/images/people/faculty-${n}.webp`;
const logo = (slug: string) => `/images/partners/${slug}.svg`;

export const faculty: FacultyMember[] = [
  { name: "Dr. Imran Qureshi", title: "Lead Instructor, AI & Machine Learning", university: "Northbridge University", program: "MSc Artificial Intelligence", logo: logo("northbridge"), image: person(1) },
  { name: "Hina Javed", title: "Senior Instructor, Data Analysis", university: "Indus Valley Institute of Technology", program: "BS Data Science", logo: logo("indus-valley"), image: person(2) },
  { name: "Usman Tariq", title: "Lead Instructor, MERN Stack", university: "Ravi Institute of Computing", program: "BS Software Engineering", logo: logo("ravi"), image: person(3) },
  { name: "Fatima Noor", title: "Instructor, Cyber Security", university: "Westmoor University", program: "MSc Cyber Security", logo: logo("westmoor"), image: person(4) },
  { name: "James Whitfield", title: "Industry Mentor, Cloud & DevOps", university: "Thames Digital College", program: "BSc Computer Science", logo: logo("thames-digital"), image: person(5) },
  { name: "Zainab Ahmed", title: "Instructor, UI/UX Design", university: "Margalla School of Design", program: "BDes Interaction Design", logo: logo("margalla"), image: person(6) },
];
