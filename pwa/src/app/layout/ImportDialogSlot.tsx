import { lazy, Suspense, useState } from 'react';
import { useUiStore } from '@/ui/ui-store';

// Lazy, so the dialog, Dexie's import path and the worker client stay out of the first load.
const ImportDialog = lazy(() => import('@/features/import/ImportDialog').then((module) => ({ default: module.ImportDialog })));

/**
 * Where the import dialog mounts. The top bar, the mobile menu and any screen open it with
 * `useUiStore().openImport()`; the dialog reads `importOpen` and calls `closeImport()`. Once opened it
 * stays mounted (closed dialogs render nothing), so an import keeps running, and its files and summary
 * stay listed, after the dialog is closed.
 */
export function ImportDialogSlot() {
  const open = useUiStore((state) => state.importOpen);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ImportDialog />
    </Suspense>
  );
}
