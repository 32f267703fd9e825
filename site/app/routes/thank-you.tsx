// /Thank-you: confetti (30 pieces), an encouragement message rotating every 8 seconds, Return to Home; after a demo
// booking, only the booking's message (its time in the visitor's zone and the institute's, the link to reschedule or
// cancel), otherwise the enquiry's "we'll get back to you".
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Icon } from "../components/Icon";
import { toastHandle } from "../components/Toasts";
import { paths } from "../config/paths";
import { BookedNotice, useBookedDemo } from "../features/demo/components/BookedNotice";
import { utilityPageData } from "../lib/seo";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/thank-you";

export const loader = () => ({
  ...utilityPageData("Thank You", "Thank you for contacting us. We'll get back to you soon.", paths.thankYou),
  messages: [
    "Every expert was once a beginner. Your journey starts now.",
    "Great things never come from comfort zones. You've taken the first step!",
    "Learning never exhausts the mind. We can't wait to help you grow.",
    "Your future in tech is closer than you think.",
  ],
});
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

const confettiPieces = 30;
const messageRotationMs = 8000;
const colours = ["#1d4ed8", "#f59e0b", "#10b981", "#ef4444", "#8b5cf6"];

/** True when the visitor asks for reduced motion: then no confetti at all (checked after hydration). */
function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  const reducedMotion = usePrefersReducedMotion();
  const booked = useBookedDemo();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % messages.length), messageRotationMs);
    return () => window.clearInterval(timer);
  }, [paused, messages.length]);

  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        {Array.from({ length: reducedMotion ? 0 : confettiPieces }, (_, i) => (
          <span
            key={i}
            data-confetti
            className="absolute top-0 block h-3 w-2 rounded-sm opacity-0 motion-safe:animate-[confetti-fall_3.2s_ease-in_forwards]"
            style={{ left: `${(i * 37) % 100}%`, backgroundColor: colours[i % colours.length], animationDelay: `${(i % 10) * 0.12}s` }}
          />
        ))}
      </div>
      <div className="container-page relative flex flex-col items-center py-24 text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <Icon name="circle-check" className="size-9" />
        </span>
        <h1 className="mt-6 text-4xl font-extrabold sm:text-5xl">Thank You!</h1>
        {booked ? (
          <BookedNotice booked={booked} />
        ) : (
          <p className="mt-4 max-w-xl text-lg text-slate-600">Thank you for contacting us. We'll get back to you soon.</p>
        )}
        <p className="mt-8 min-h-16 max-w-xl text-xl font-semibold text-brand-800">{messages[index]}</p>
        <button type="button" className="mt-2 text-sm text-slate-600 underline" onClick={() => setPaused((p) => !p)}>
          {paused ? "Resume messages" : "Pause messages"}
        </button>
        <Link to={paths.home} className="btn-primary mt-10">
          Return to Home
        </Link>
      </div>
    </section>
  );
}
