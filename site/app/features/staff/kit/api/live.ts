// A batch's live classes in the console (/api/staff/batches/{batchId}/timetable|sessions|attendance*,
// /api/staff/sessions/{id}*): the weekly timetable with the batch's sessions (saving it generates the term's
// sessions), the sessions alone (as the assignment form offers them), a one-off extra session, a change to one
// (cancel with a reason, move, its length or link, the recording lecture), who attended one (and staff's
// correction), the term's attendance per student (and as CSV), and the certificate's minimum attendance. Every call
// goes through the one client on the contract's paths and types; the server audits every change.
import { apiGet, apiPatch, apiPost, apiPut } from "#app/lib/api-client";
import { apiGetFile } from "#app/lib/api-file";
import type {
  AttendanceMark,
  AttendanceRow,
  BatchAttendance,
  NewSession,
  SessionAttendanceView,
  SessionChange,
  StaffSession,
  TimetableAnswer,
  TimetableRequest,
} from "#app/lib/api-schema";
import { downloadCsv } from "./download-csv";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

export type { AttendanceMark, AttendanceRow, BatchAttendance, StaffSession, TimetableAnswer, TimetableRequest };

/** The batch's timetable (null: none yet) and its sessions, by start. */
export const getTimetable = async (source: TokenSource, batchId: string): Promise<TimetableAnswer> =>
  apiGet("/api/staff/batches/{batchId}/timetable", { token: await tokenFrom(source), params: { batchId } });

/** Every session of the batch, cancelled ones too, by start. */
export const listSessions = async (source: TokenSource, batchId: string): Promise<StaffSession[]> =>
  (await apiGet("/api/staff/batches/{batchId}/sessions", { token: await tokenFrom(source), params: { batchId } })).sessions;

/** Saves the timetable: it and the term's sessions as generated (those changed by hand are kept). */
export const saveTimetable = async (source: TokenSource, batchId: string, body: TimetableRequest): Promise<TimetableAnswer> =>
  apiPut("/api/staff/batches/{batchId}/timetable", { token: await tokenFrom(source), params: { batchId }, body });

/** A one-off extra session; the batch's students are mailed. */
export const addSession = async (source: TokenSource, batchId: string, body: NewSession): Promise<StaffSession> =>
  apiPost("/api/staff/batches/{batchId}/sessions", { token: await tokenFrom(source), params: { batchId }, body });

/** Cancels (with a reason) or moves a session (students mailed once), or sets its recording lecture. */
export const changeSession = async (source: TokenSource, id: string, body: SessionChange): Promise<StaffSession> =>
  apiPatch("/api/staff/sessions/{id}", { token: await tokenFrom(source), params: { id }, body });

export const getAttendance = async (source: TokenSource, id: string): Promise<SessionAttendanceView> =>
  apiGet("/api/staff/sessions/{id}/attendance", { token: await tokenFrom(source), params: { id } });

/** Staff's word on one student at one session; null takes the correction away (the joins decide again). */
export const markAttendance = async (source: TokenSource, id: string, studentId: string, mark: AttendanceMark | null): Promise<AttendanceRow> =>
  apiPut("/api/staff/sessions/{id}/attendance/{studentId}", { token: await tokenFrom(source), params: { id, studentId }, body: { mark } });

export const getTermAttendance = async (source: TokenSource, batchId: string): Promise<BatchAttendance> =>
  apiGet("/api/staff/batches/{batchId}/attendance", { token: await tokenFrom(source), params: { batchId } });

/** The certificate's minimum attendance, 1–100 %, or null for none. */
export const setMinimumAttendance = async (source: TokenSource, batchId: string, percent: number | null): Promise<number | null> =>
  (await apiPut("/api/staff/batches/{batchId}/attendance/minimum", { token: await tokenFrom(source), params: { batchId }, body: { percent } })).percent ?? null;

export const exportTermAttendance = async (source: TokenSource, batchId: string): Promise<string> => {
  const token = await tokenFrom(source);
  return downloadCsv(() => apiGetFile("/api/staff/batches/{batchId}/attendance.csv", { token, params: { batchId } }), `attendance-${batchId}.csv`);
};
