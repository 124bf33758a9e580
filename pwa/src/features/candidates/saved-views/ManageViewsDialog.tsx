import { useState, type FormEvent } from 'react';
import { savedViewNameSchema, type SavedView } from '@shared/schemas/saved-view.schema';
import { errorMessage } from '@/api/errors';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { Input } from '@/ui/Input';
import { toast } from '@/ui/toast/toast-queue';
import { savedViewsRepo } from './saved-views-repo';

function failed(error: unknown) {
  toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' });
}

/** One view: its name (rename), whether it is the default, and delete. */
function ViewRow({ view, isDefault }: { view: SavedView; isDefault: boolean }) {
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | undefined>();
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = savedViewNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (parsed.data !== view.name) await savedViewsRepo.renameView(view.uid, parsed.data).catch(failed);
  };
  const inputId = `saved-view-${view.uid}`;
  return (
    <li className="grid gap-2 border-b pb-3 last:border-0">
      <form onSubmit={(event) => void rename(event)} className="flex min-w-0 items-end gap-2" aria-label={`Rename ${view.name}`}>
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={inputId} className="text-xs text-muted-foreground">
            Name of view {view.name}
          </label>
          <Input id={inputId} value={name} onChange={(event) => setName(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} />
        </div>
        <Button type="submit" variant="outline" size="sm">
          Rename
        </Button>
      </form>
      {error && (
        <p id={`${inputId}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={isDefault}
            onChange={(event) => void savedViewsRepo.setDefault(view.uid, event.target.checked).catch(failed)}
          />
          Default view
        </label>
        <Button variant="ghost" size="sm" className="ml-auto text-destructive" aria-label={`Delete view ${view.name}`} onClick={() => void savedViewsRepo.deleteView(view.uid).catch(failed)}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Rename, choose the default and delete saved views. */
export function ManageViewsDialog({ views, defaultUid, onClose }: { views: readonly SavedView[]; defaultUid: string | undefined; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title="Manage views"
      description="The default view is applied when the Candidates page opens."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {views.length === 0 ? (
        <p className="text-sm text-muted-foreground">No saved views.</p>
      ) : (
        <ul className="grid max-h-[60vh] gap-3 overflow-y-auto">
          {views.map((view) => (
            <ViewRow key={view.uid} view={view} isDefault={view.uid === defaultUid} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
