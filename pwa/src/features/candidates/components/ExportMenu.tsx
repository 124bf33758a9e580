import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { errorMessage } from '@/api/errors';
import { buttonClasses } from '@/ui/Button';
import { DownloadIcon } from '@/ui/icons';
import { toast } from '@/ui/toast/toast-queue';
import type { Entry } from '../candidate-snapshot';
import { exportCandidates, type ExportKind } from '../export-candidates';

const ITEM = 'flex w-full items-center gap-2 rounded-sm px-2 py-2 text-sm data-focus:bg-accent data-focus:text-accent-foreground';

interface ExportMenuProps {
  /** The candidates to export, in the table's order, read when the user picks a format. */
  read: () => readonly Entry[];
  /** The button's text: 'Export' above the table, 'Export selected' in the selection bar. */
  label: string;
  /** What is exported, in the menu's first line ('the filtered list', '12 selected'). */
  what: string;
}

/** Export to CSV or Excel, built on the device (so offline too). */
export function ExportMenu({ read, label, what }: ExportMenuProps) {
  const run = async (kind: ExportKind) => {
    const chosen = read();
    if (chosen.length === 0) {
      toast({ title: 'No data to export', description: 'There are no candidates to export', variant: 'destructive' });
      return;
    }
    try {
      await exportCandidates(
        chosen.map((entry) => entry.candidate),
        kind,
      );
      toast({ title: 'Export ready', description: `${chosen.length.toLocaleString('en-US')} candidates exported` });
    } catch (error) {
      toast({ title: 'Export failed', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Menu>
      <MenuButton className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        <DownloadIcon /> {label}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 w-56 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg [--anchor-gap:6px] focus:outline-none"
      >
        <p className="px-2 py-1.5 text-xs text-muted-foreground">Exports {what}</p>
        <MenuItem>
          <button type="button" className={ITEM} onClick={() => void run('csv')}>
            CSV file
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={ITEM} onClick={() => void run('xlsx')}>
            Excel workbook
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
