// GET /api/courses
import { apiGet } from "../../../lib/api-client";

export const getCourses = () => apiGet("/api/courses");
