// GET /api/courses
import { apiGet } from "../../../lib/api";
import type { Course } from "../../../lib/api-schema";

export const getCourses = () => apiGet<Course[]>("/courses");
