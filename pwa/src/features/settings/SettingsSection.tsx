import { useId, type ReactNode } from 'react';
import { cn } from '@/ui/cn';

/** A card in a settings tab: a heading, a line saying what it is for, and its content. */
export function SettingsSection({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('grid gap-5 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6', className)}>
      <div className="grid gap-1">
        <h2 id={id} className="text-lg font-semibold leading-tight">
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}
