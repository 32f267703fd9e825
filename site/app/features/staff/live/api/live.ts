// A batch's live classes in the console (/api/staff/batches/{batchId}/timetable|sessions|attendance,
// /api/staff/sessions/{id}*): the weekly timetable (saving it generates the term's sessions), the sessions (cancel
// with a reason, move, a one-off extra, the recording lecture), who attended each (and staff's corrections), the term's
// attendance per student (and as CSV), and the certificate's minimum attendance. The server audits every change.
import { send, type SendOptions } from "../../../../lib/api-client";
import { apiGetFile } from "../../../../lib/api-file";
import type { ApiPath } from "../../../../lib/api-client";
import { downloadCsv } from "../../api/download-csv";
import { tokenFrom, type TokenSource } from "../../api/token";
import type { Weekday } from "../../../../lib/class-time";

export interface TimetableSlot {
  weekday: Weekday;
  /** "HH:MM" in the timetable's zone. */
  start: string;
  minutes: number;
}

export interface Timetable {
  timeZone: string;
  slots: TimetableSlot[];
  meetingUrl: string;
  /** The certificate's minimum attendance (percent), or null when the rule is off. */
  minAttendancePercent?: number | null;
}

export type SessionStatus = "scheduled" | "cancelled";

export interface StaffSession {
  id: string;
  batchId: string;
  startsAt: string;
  minutes: number;
  status: SessionStatus;
  reason?: string | null;
  /** A one-off extra (not from the weekly timetable). */
  extra?: boolean;
  meetingUrl?: string | null;
  lectureNumber?: number | null;
  /** How many were present. */
  attended?: number | null;
}

export type AttendanceMark = "present" | "absent" | "excused";

export interface AttendanceRow {
  enrolmentId: string;
  name: string;
  email: string;
  /** When they pressed Join (first time), RFC 3339 UTC. */
  joinedAt?: string | null;
  status: AttendanceMark;
  /** Staff changed what Join recorded. */
  corrected?: boolean;
}

export interface TermAttendanceRow {
  enrolmentId: string;
  name: string;
  email: string;
  present: number;
  excused?: number;
  counted: number;
  /** 0–100, or null before any session has been held. */
  percent: number | null;
}

async function call<T>(method: string, path: string, source: TokenSource, options: SendOptions = {}): Promise<T> {
  const token = await tokenFrom(source);
  return send(method, path, { ...options, token }, "application/json", (res) => res.json().catch(() => null) as Promise<T>);
}

/** The batch's timetable, or null when it has none yet. */
export const getTimetable = async (source: TokenSource, batchId: string): Promise<Timetable | null> => {
  const answer = await call<Timetable | { timetable: Timetable | null } | null>("get", "/api/staff/batches/{batchId}/timetable", source, { params: { batchId } }).catch(
    (e: unknown) => {
      if (e && typeof e === "object" && "status" in e && e.status === 404) return null;
      throw e;
    },
  );
  if (!answer) return null;
  return "timetable" in answer ? answer.timetable : answer;
};

/** Saves the timetable: the term's sessions as generated from it. */
export const saveTimetable = async (source: TokenSource, batchId: string, body: Timetable): Promise<StaffSession[]> =>
  (await call<{ sessions: StaffSession[] }>("put", "/api/staff/batches/{batchId}/timetable", source, { params: { batchId }, body })).sessions;

export const listSessions = async (source: TokenSource, batchId: string): Promise<StaffSession[]> =>
  (await call<{ sessions: StaffSession[] }>("get", "/api/staff/batches/{batchId}/sessions", source, { params: { batchId } })).sessions;

/** A one-off extra session. */
export const addSession = (source: TokenSource, batchId: string, body: { startsAt: string; minutes: number; meetingUrl?: string }) =>
  call<StaffSession>("post", "/api/staff/batches/{batchId}/sessions", source, { params: { batchId }, body });

export type SessionChange = { status: "cancelled"; reason: string } | { startsAt: string; minutes?: number } | { lectureNumber: number | null };

/** Cancels (students mailed), moves (students mailed) or attaches the recording lecture. */
export const changeSession = (source: TokenSource, id: string, body: SessionChange) =>
  call<StaffSession>("patch", "/api/staff/sessions/{id}", source, { params: { id }, body });

export const getAttendance = async (source: TokenSource, id: string): Promise<AttendanceRow[]> =>
  (await call<{ attendance: AttendanceRow[] }>("get", "/api/staff/sessions/{id}/attendance", source, { params: { id } })).attendance;

export const markAttendance = (source: TokenSource, id: string, enrolmentId: string, status: AttendanceMark) =>
  call<AttendanceRow>("put", "/api/staff/sessions/{id}/attendance/{enrolmentId}", source, { params: { id, enrolmentId }, body: { status } });

export const getTermAttendance = async (source: TokenSource, batchId: string): Promise<TermAttendanceRow[]> =>
  (await call<{ students: TermAttendanceRow[] }>("get", "/api/staff/batches/{batchId}/attendance", source, { params: { batchId } })).students;

export const exportTermAttendance = async (source: TokenSource, batchId: string): Promise<string> => {
  const token = await tokenFrom(source);
  const path = "/api/staff/batches/{batchId}/attendance.csv" as ApiPath;
  return downloadCsv(() => (apiGetFile as (p: ApiPath, o: object) => ReturnType<typeof apiGetFile>)(path, { token, params: { batchId } }), `attendance-${batchId}.csv`);
};
