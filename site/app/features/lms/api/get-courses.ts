// GET /api/courses
import { apiGet } from "#app/lib/api-client";

export const getCourses = () => apiGet("/api/courses");
