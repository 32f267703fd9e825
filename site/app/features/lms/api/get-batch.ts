// GET /api/batches/{batchId}: one batch (its name and instructor head the lectures page).
import { apiGet } from "#app/lib/api-client";

export const getBatch = (batchId: string) => apiGet("/api/batches/{batchId}", { params: { batchId } });
