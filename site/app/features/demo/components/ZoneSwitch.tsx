// "Times in": the visitor's own zone by its name ("UK time") or the institute's ("Pakistan time"). A visitor in
// Pakistan has one zone only, so no switch.
import { INSTITUTE_ZONE, zoneName } from "#app/lib/demo-time";
import type { ZoneChoice } from "../hooks/use-zone";

export function ZoneSwitch({ choice, name }: { choice: ZoneChoice; name: string }) {
  const { own, institute, setInstitute } = choice;
  if (own === INSTITUTE_ZONE) return <p className="text-sm text-slate-700">Times are in {zoneName(INSTITUTE_ZONE)}.</p>;
  const option = (value: boolean, label: string) => (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-ink has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700">
      <input type="radio" name={name} checked={institute === value} onChange={() => setInstitute(value)} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Show times in</legend>
      <span aria-hidden="true" className="mr-1 text-sm font-medium text-slate-700">
        Show times in
      </span>
      {option(false, `${zoneName(own)} (yours)`)}
      {option(true, `${zoneName(INSTITUTE_ZONE)} (the institute's)`)}
    </fieldset>
  );
}
