// GET /api/batches/course/{courseId}: a course's batches.
import { apiGet } from "../../../lib/api-client";

export const getCourseBatches = (courseId: string) => apiGet("/api/batches/course/{courseId}", { params: { courseId } });
