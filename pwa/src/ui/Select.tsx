import { Listbox, ListboxButton, ListboxOption, ListboxOptions, Field, Label } from '@headlessui/react';
import { useCallback, useId, type ReactNode } from 'react';
import { cn } from './cn';
import { CheckIcon, ChevronDownIcon } from './icons';

export interface SelectOption<T extends string | number> {
  value: T;
  label: ReactNode;
}

export interface SelectProps<T extends string | number> {
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<SelectOption<T>>;
  /** A visible label; give `aria-label` instead when the context labels it. */
  label?: ReactNode;
  'aria-label'?: string;
  disabled?: boolean;
  name?: string;
  className?: string;
}

/** A single-choice dropdown (a listbox: arrow keys, type-ahead, Escape). */
export function Select<T extends string | number>({
  value,
  onChange,
  options,
  label,
  disabled,
  name,
  className,
  ...rest
}: SelectProps<T>) {
  const selected = options.find((option) => option.value === value);
  // An aria-label on the button would hide the chosen value from its name: a hidden label instead, so
  // the button reads "Location, All Locations" (the label, then its visible text).
  const hiddenLabel = !label && rest['aria-label'];
  // The open list should be announced by the label ("Status"), not by the button's text (the chosen
  // value), which is what Headless UI points its aria-labelledby at and overrides a prop with. The list
  // mounts each time it opens, so a ref sets it then; React never rewrites an attribute it did not change.
  const labelId = useId();
  const nameList = useCallback(
    (element: HTMLElement | null) => {
      if (element && (label || hiddenLabel)) element.setAttribute('aria-labelledby', labelId);
    },
    [label, hiddenLabel, labelId],
  );
  return (
    <Field disabled={disabled} className={cn('grid gap-1.5', className)}>
      {label && (
        <Label id={labelId} className="text-sm font-medium">
          {label}
        </Label>
      )}
      {hiddenLabel && (
        <Label id={labelId} className="sr-only">
          {hiddenLabel}
        </Label>
      )}
      <Listbox value={value} onChange={onChange} name={name}>
        <ListboxButton
          className={cn(
            'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-sm',
            'data-disabled:cursor-not-allowed data-disabled:opacity-50',
          )}
        >
          <span className="truncate">{selected?.label ?? ''}</span>
          <ChevronDownIcon className="size-4 shrink-0 opacity-60" />
        </ListboxButton>
        <ListboxOptions
          ref={nameList}
          anchor="bottom start"
          // No open/close transition: it waits for animation frames, and a list caught in it (seen under
          // load: still marked closed while opening) ignores clicks on its options.
          className={cn(
            'z-50 max-h-72 w-(--button-width) min-w-32 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md [--anchor-gap:4px]',
            'focus:outline-none',
          )}
        >
          {options.map((option) => (
            <ListboxOption
              key={String(option.value)}
              value={option.value}
              className="group flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-2 pl-8 text-sm select-none data-focus:bg-accent data-focus:text-accent-foreground relative"
            >
              <CheckIcon className="invisible absolute left-2 size-4 group-data-selected:visible" />
              {option.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
