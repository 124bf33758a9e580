import type { ReactNode } from 'react';
import { cn } from './cn';
import { Label } from './Label';

/** The accessibility attributes that tie a control to its field's hint and error text. */
export function fieldControlProps(id: string, { error, hint }: { error?: string; hint?: ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown after the label, e.g. "(optional)". */
  labelExtra?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A label, the control (spread `fieldControlProps(id, …)` on it), an optional hint and the error text. */
export function FormField({ id, label, error, hint, labelExtra, className, children }: FormFieldProps) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelExtra}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
