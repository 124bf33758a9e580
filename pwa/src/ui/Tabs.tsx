import {
  Tab as HeadlessTab,
  TabGroup,
  TabList as HeadlessTabList,
  TabPanel as HeadlessTabPanel,
  TabPanels,
} from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface TabsProps {
  selectedIndex?: number;
  defaultIndex?: number;
  onChange?: (index: number) => void;
  vertical?: boolean;
  className?: string;
  children: ReactNode;
}

/** Arrow keys move between tabs; the selected panel is labelled by its tab (Headless UI). */
export function Tabs({ selectedIndex, defaultIndex, onChange, vertical, className, children }: TabsProps) {
  return (
    <TabGroup
      selectedIndex={selectedIndex}
      defaultIndex={defaultIndex}
      onChange={onChange}
      vertical={vertical}
      className={cn(vertical ? 'flex gap-6' : 'grid gap-4', className)}
    >
      {children}
    </TabGroup>
  );
}

export function TabList({ className, children, vertical }: { className?: string; children: ReactNode; vertical?: boolean }) {
  return (
    <HeadlessTabList
      className={cn(
        'rounded-lg bg-muted p-1 text-muted-foreground',
        vertical ? 'flex w-48 shrink-0 flex-col gap-1' : 'grid auto-cols-fr grid-flow-col gap-1',
        className,
      )}
    >
      {children}
    </HeadlessTabList>
  );
}

export function Tab({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <HeadlessTab
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
        'hover:text-foreground data-selected:bg-background data-selected:text-foreground data-selected:shadow-sm',
        className,
      )}
    >
      {children}
    </HeadlessTab>
  );
}

export { TabPanels };

/** The panel is a tab stop (Headless UI), so it keeps the app's focus outline like any other. */
export function TabPanel({ className, children }: { className?: string; children: ReactNode }) {
  return <HeadlessTabPanel className={cn('rounded-md', className)}>{children}</HeadlessTabPanel>;
}
