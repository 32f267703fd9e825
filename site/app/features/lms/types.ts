// The LMS records as the API answers them (functions/openapi.json: Course, Outline, Batch, Video).

export interface Course {
  _id: string;
  title: string;
  description: string;
  duration: string;
  thumbnail: string;
  slug?: string;
  rating?: number;
  students?: string;
  skills?: string[];
  level?: string;
}

export interface OutlineWeek {
  week: number;
  title: string;
  theory: string[];
  lab: string;
}

export interface Outline {
  courseId: string;
  roadmap: string;
  durationWeeks: number;
  months: { month: number; title: string; weeks: OutlineWeek[] }[];
  weeklySchedule: { theory: string; practice: string; lab: string };
}

export interface Batch {
  _id: string;
  courseId: string;
  name: string;
  mode: string;
  schedule: string;
  timing: string;
  instructor: string;
  startDate: string;
  endDate: string;
  price: string;
  seats: number;
  enrolled: number;
  description: string;
}

export interface Video {
  _id: string;
  batchId: string;
  batchNumber: string;
  lectureNumber: number;
  title: string;
  url: string;
}
