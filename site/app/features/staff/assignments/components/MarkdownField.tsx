// A Markdown text with Write and Preview (instructions, feedback): the preview is what students see, shown safely.
import { useId, useState } from "react";
import { Markdown } from "#app/components/Markdown";

interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  hint?: string;
  invalid?: object;
  disabled?: boolean;
}

export function MarkdownField({ label, value, onChange, maxLength, rows = 8, hint, invalid = {}, disabled }: MarkdownFieldProps) {
  const id = useId();
  const [preview, setPreview] = useState(false);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={`${id}-text`} className="font-semibold text-slate-900">
          {label}
        </label>
        <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? "Back to writing" : "Preview"}
        </button>
      </div>
      {preview ? (
        <div role="region" aria-label={`${label}: preview`} className="min-h-32 rounded-lg border border-slate-300 bg-slate-50 p-3">
          {value.trim() ? <Markdown source={value} headingLevel={4} /> : <p className="text-slate-600">Nothing written yet.</p>}
        </div>
      ) : (
        <textarea
          id={`${id}-text`}
          value={value}
          rows={rows}
          maxLength={maxLength}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={`${id}-hint`}
          className="w-full rounded-lg border border-slate-400 px-3 py-2 font-mono text-sm"
          {...invalid}
        />
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint ?? "Markdown: # heading, **bold**, *italic*, - list, `code`, [link](https://…)."} {value.length.toLocaleString("en")} of {maxLength.toLocaleString("en")} characters.
      </p>
    </div>
  );
}
