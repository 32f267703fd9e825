// The shape of what the header and footer show (built at build time by the root loader).
import type { NavItem, NavLink } from "./nav";

export interface LayoutData {
  brand: {
    name: string;
    tagline: string;
    logo: string;
    email: string;
    phones: { label: string; display: string; e164: string }[];
    address: string;
    hours: { days: string; hours: string }[];
    social: { name: string; url: string }[];
    copyrightYear: number;
    whatsappUrl: string;
  };
  nav: NavItem[];
  quickLinks: NavLink[];
  popularCourses: NavLink[];
  legalLinks: NavLink[];
  contentProtection: boolean;
}
