import { formatFileSize } from '@shared/format/file-size';
import { FileSpreadsheetIcon } from '@/ui/icons';
import { cn } from '@/ui/cn';
import { AlertCircleIcon, CheckCircleIcon, TrashIcon, UploadingIcon } from './import-icons';
import { fileResultText, rowsProgressText } from './import-texts';
import type { UploadItem } from './import-state';

const STATUS_LABEL: Record<UploadItem['status'], string> = {
  pending: 'Waiting to import',
  uploading: 'Importing',
  success: 'Imported',
  error: 'Failed',
};

const STATUS_ICON = { pending: FileSpreadsheetIcon, uploading: UploadingIcon, success: CheckCircleIcon, error: AlertCircleIcon } as const;
const STATUS_COLOR = { pending: 'text-muted-foreground', uploading: 'text-primary', success: 'text-success', error: 'text-destructive' } as const;

/**
 * A still icon, a file being imported included: the progress bar and the row counts below show the
 * work going on. A spinner (or a transition on the bar) kept the compositor drawing every frame of a
 * long import, about 0.5 s of CPU in a 100,000-row one on two cores shared with the import itself.
 */
function StatusIcon({ status }: { status: UploadItem['status'] }) {
  const Icon = STATUS_ICON[status];
  return (
    <span role={status === 'uploading' ? 'status' : undefined} className={cn('inline-flex', STATUS_COLOR[status])}>
      <Icon className="size-4" />
      <span className="sr-only">{STATUS_LABEL[status]}</span>
    </span>
  );
}

export interface ImportFileItemProps {
  item: UploadItem;
  removable: boolean;
  onRemove: () => void;
}

/** One listed file: name, size, status icon, progress bar, and once done its result. */
export function ImportFileItem({ item, removable, onRemove }: ImportFileItemProps) {
  const { file, status, progress, result, rows, startedAt } = item;
  return (
    <li className="grid min-w-0 grid-cols-1 gap-1.5 rounded-md border p-3" data-status={status} aria-label={file.name}>
      <div className="flex items-center gap-2">
        <StatusIcon status={status} />
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={file.name}>
          {file.name}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
        <button
          type="button"
          onClick={onRemove}
          disabled={!removable}
          aria-label={`Remove ${file.name}`}
          className="rounded-sm p-1 text-muted-foreground hover:bg-accent hover:text-foreground disabled:pointer-events-none disabled:opacity-40"
        >
          <TrashIcon className="size-4" />
        </button>
      </div>
      <div
        role="progressbar"
        aria-label={`${file.name} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        {/* Scaled, not resized: a transform moves on the compositor, where a width transition laid out
            and painted the dialog on every frame of a long import. */}
        <div
          className={cn(
            'h-full w-full origin-left',
            status === 'error' ? 'bg-destructive' : status === 'success' ? 'bg-success' : 'bg-primary',
          )}
          style={{ transform: `scaleX(${progress / 100})` }}
        />
      </div>
      {status === 'uploading' && rows && startedAt !== null && (
        <p className="text-xs tabular-nums text-muted-foreground" data-rows-progress>
          {rowsProgressText(rows, item.real, Date.now() - startedAt)}
        </p>
      )}
      {result && (
        <div className="grid gap-0.5 text-xs">
          <p className={status === 'error' ? 'text-destructive' : 'text-muted-foreground'} data-result>
            {fileResultText(result)}
          </p>
          {result.ignoredHeaders.length > 0 && (
            <p className="text-muted-foreground">Columns not imported: {result.ignoredHeaders.join(', ')}</p>
          )}
          {result.warningCount > 0 && (
            <p className="text-warning">
              {result.warnings[0]}
              {result.warningCount > 1 && ` (and ${result.warningCount - 1} more notices)`}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
