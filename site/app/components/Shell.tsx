// A simple page body for routes whose feature is built by a later issue (LMS, outlines, batches, sign-in).
import type { ReactNode } from "react";

export function Shell({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-extrabold">{title}</h1>
      <div className="mt-6 max-w-2xl text-lg text-slate-600">{children}</div>
    </section>
  );
}
