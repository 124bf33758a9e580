import { Field, Label, Description, Switch as HeadlessSwitch } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  name?: string;
  className?: string;
}

/** An on/off switch with its label and description tied to it (role="switch"). */
export function Switch({ checked, onChange, label, description, disabled, name, className }: SwitchProps) {
  return (
    <Field disabled={disabled} className={cn('flex items-center justify-between gap-4', className)}>
      <span className="grid gap-0.5">
        <Label className="text-sm font-medium">{label}</Label>
        {description && <Description className="text-sm text-muted-foreground">{description}</Description>}
      </span>
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        name={name}
        className={cn(
          'group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent',
          'bg-input transition-colors data-checked:bg-primary data-disabled:cursor-not-allowed data-disabled:opacity-50',
        )}
      >
        <span className="pointer-events-none size-5 translate-x-0 rounded-full bg-background shadow transition-transform group-data-checked:translate-x-5" />
      </HeadlessSwitch>
    </Field>
  );
}
