import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

const FIELD =
  'w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs ' +
  'placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 ' +
  'aria-invalid:border-destructive aria-invalid:ring-destructive/30 focus-visible:ring-2 focus-visible:ring-ring/40';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(FIELD, 'h-10', className)} {...props} />;
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, ...props }: TextareaProps) {
  return <textarea className={cn(FIELD, 'min-h-20 py-2', className)} {...props} />;
}
