import type { ReactNode } from 'react';

type FieldProps = { label: string; htmlFor: string; hint?: string; error?: string; children: ReactNode };

/** The id of a field's error message, for the control's aria-describedby. */
export function getFieldErrorId(htmlFor: string): string {
  return `${htmlFor}-error`;
}

/** A label above its control; every input in the app goes through one of these. */
export function Field({ label, htmlFor, hint, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? <p id={getFieldErrorId(htmlFor)} className="text-xs text-red-700">{error}</p> : null}
    </div>
  );
}
