// How the uploader words its progress: "42 % · 120.5 of 300.0 MB · 4.2 MB/s · about 1 min left".
import type { UploadSnapshot } from "./multipart-upload";

const MB = 1_000_000;

export const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export const percentOf = ({ sentBytes, totalBytes }: Pick<UploadSnapshot, "sentBytes" | "totalBytes">) =>
  totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 0;

export function timeLeft(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s left`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  const h = Math.floor(seconds / 3600);
  return `about ${h} h ${Math.round((seconds - h * 3600) / 60)} min left`;
}

export function describeProgress(s: UploadSnapshot): string {
  const parts = [`${percentOf(s)} %`, `${megabytes(s.sentBytes)} of ${megabytes(s.totalBytes)}`];
  if (s.bytesPerSecond) parts.push(`${megabytes(s.bytesPerSecond)}/s`);
  if (s.secondsLeft !== null && s.bytesPerSecond) parts.push(timeLeft(s.secondsLeft));
  return parts.join(" · ");
}
