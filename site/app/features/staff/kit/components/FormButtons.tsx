/** A console form's submit and Cancel buttons (lectures, demo slots), both held while the form is being sent. */
export function FormButtons({ label, busyLabel, busy, onCancel }: { label: string; busyLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-3 sm:col-span-2">
      <button type="submit" className="btn-primary min-h-10 px-4 py-2 text-sm" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}
