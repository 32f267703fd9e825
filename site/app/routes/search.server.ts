// Build-time data of /search: a shell; the results come from the Pagefind index written at build (scripts/search-index.ts).
import { brand } from "../content/brand";
import { paths } from "../config/paths";
import { utilityPageData } from "../lib/seo";

export const searchData = () => utilityPageData("Search", `Search the ${brand.name} website for courses, services and answers.`, paths.search);
