/**
 * The Candidates page's "Recent imports": this device's latest import runs (their files, when, what
 * they made and updated), each with "Undo import", or what its Undo did. Hidden until there is one.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { formatDateTime } from '@shared/format/dates';
import { importHistory } from './import-history';
import { count } from './import-texts';
import { UndoImportButton, UndoneNote } from './UndoImport';

export function RecentImports() {
  const imports = useLiveQuery(() => importHistory.recent(), []);
  if (!imports?.length) return null;
  return (
    <details className="rounded-lg border bg-card p-3 text-sm">
      <summary className="cursor-pointer font-medium">Recent imports ({imports.length})</summary>
      <ul className="mt-2 grid gap-2" aria-label="Recent imports">
        {imports.map((record) => (
          <li key={record.id} aria-label={record.files.join(', ') || 'Import'} className="grid gap-1 rounded-md border bg-background p-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="break-all font-medium">{record.files.join(', ') || 'Import'}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(record.startedAt)} · {count(record.created, 'new candidate')}, {record.updated.toLocaleString('en-US')} updated
                </p>
              </div>
              {!record.undoneAt && record.created + record.updated > 0 && <UndoImportButton undo={() => importHistory.undo(record.id)} />}
            </div>
            {record.undo && <UndoneNote undo={record.undo} />}
          </li>
        ))}
      </ul>
    </details>
  );
}
