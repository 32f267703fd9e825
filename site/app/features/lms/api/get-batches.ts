// GET /api/batches/course/{courseId} (a course's batches) and GET /api/batches (all of them).
import { apiGet } from "#app/lib/api-client";

export const getCourseBatches = (courseId: string) => apiGet("/api/batches/course/{courseId}", { params: { courseId } });

/** GET /api/batches: every batch (the choices when linking a Secret ID). */
export const getAllBatches = () => apiGet("/api/batches");
