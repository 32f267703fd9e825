// GET /api/batches/course/{courseId} and GET /api/batches/{batchId}
import { apiGet } from "../../../lib/api";
import type { Batch } from "../../../lib/api-schema";

export const getCourseBatches = (courseId: string) => apiGet<Batch[]>(`/batches/course/${courseId}`);
export const getBatch = (batchId: string) => apiGet<Batch>(`/batches/${batchId}`);
