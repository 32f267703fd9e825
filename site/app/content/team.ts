// The leadership team (invented people). docs/product.md#pages: defined in data; shown on /about.

export interface TeamMember {
  name: string;
  role: "CEO & Founder" | "Head of Education";
  experience: string;
  image: string;
}

export const team: TeamMember[] = [
  { name: "Ali Raza", role: "CEO & Founder", experience: "12 years building software for UK and Gulf clients", image: "/images/people/team-1.webp" },
  { name: "Maryam Sheikh", role: "CEO & Founder", experience: "10 years leading data and AI projects", image: "/images/people/team-2.webp" },
  { name: "Bilal Rana", role: "Head of Education", experience: "9 years teaching full stack development", image: "/images/people/team-3.webp" },
];
