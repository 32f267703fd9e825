// GET /api/courses
import { apiGet } from "../../../lib/api";
import type { Course } from "../types";

export const getCourses = () => apiGet<Course[]>("/courses");
