/**
 * The candidate import dialog (spec 2, 4, 5, 8): drop or browse several CSV/Excel files, each listed
 * with size, status icon and progress bar; Add More Files, Clear All, Cancel, Import Candidates. Each
 * file waiting to be imported is previewed first (ImportPreview: sheet, columns and their fields, first
 * rows, counts); Import Candidates imports what the previews show. Files are read in a worker and stored on this device (works offline; sync sends them later). It stays
 * mounted once opened (ImportDialogSlot), so closing it mid-import loses nothing: the run goes on and
 * its toast still comes.
 */
import { useEffect, useRef } from 'react';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { useUiStore } from '@/ui/ui-store';
import { ACCEPT_ATTRIBUTE } from './file-acceptance';
import { FileDropZone } from './FileDropZone';
import { defaultImportDeps } from './import-deps';
import { canImport, canRemove } from './import-state';
import { ImportFileItem } from './ImportFileItem';
import { ImportPreview } from './ImportPreview';
import { ImportSummaryView } from './ImportSummaryView';
import { useImportSession, type ImportSessionDeps } from './useImportSession';

function Guidance() {
  return (
    <ul className="grid list-disc gap-0.5 pl-5 text-xs text-muted-foreground">
      <li>The first row must be column headers (e.g. Name, Email, Phone, Location, Status).</li>
      <li>Email is required for every candidate.</li>
      <li>Duplicates (the same email) are updated rather than added.</li>
    </ul>
  );
}

export function ImportDialog({ deps = defaultImportDeps }: { deps?: ImportSessionDeps }) {
  const open = useUiStore((state) => state.importOpen);
  const close = useUiStore((state) => state.closeImport);
  const session = useImportSession(deps);
  const input = useRef<HTMLInputElement>(null);
  const browseButton = useRef<HTMLButtonElement>(null);
  const addMoreButton = useRef<HTMLButtonElement>(null);
  const { items, running, summary } = session.state;
  const browse = () => input.current?.click();
  // A run is over and nothing waits to go: the dialog ends with Done (which also clears it).
  const finished = summary !== null && !running && !items.some((item) => item.status === 'pending');
  const done = () => {
    session.clear();
    close();
  };

  // Choosing the first files swaps Browse files for Add More Files, and Clear All or removing a file
  // can take away the focused control: keep keyboard focus in the dialog, on the control that browses.
  useEffect(() => {
    if (open && document.activeElement === document.body) (addMoreButton.current ?? browseButton.current)?.focus();
  }, [open, items.length]);

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Import Candidates"
      description="Upload CSV or Excel files. Candidates are saved on this device and synced when you are online."
      className="sm:max-w-3xl"
      footer={
        <>
          {items.length > 0 && (
            <Button ref={addMoreButton} variant="outline" onClick={browse}>
              Add More Files
            </Button>
          )}
          <Button variant="outline" onClick={session.clear} disabled={running || (items.length === 0 && !summary)}>
            Clear All
          </Button>
          {finished ? (
            <Button onClick={done}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => void session.startImport()} disabled={!canImport(session.state)}>
                {running ? 'Importing...' : 'Import Candidates'}
              </Button>
            </>
          )}
        </>
      }
    >
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="hidden"
        aria-label="Choose files to import"
        onChange={(event) => {
          session.addFiles([...(event.target.files ?? [])]);
          // Choosing the same file again must fire another change.
          event.target.value = '';
        }}
      />
      {/* From tablet width up, the body scrolls under the title and the buttons, so Import Candidates stays in
          reach however long the previews are (the header and footer take about 15rem). */}
      <div className="grid grid-cols-1 gap-4 sm:max-h-[calc(100dvh-15rem)] sm:overflow-y-auto sm:pr-1">
        <FileDropZone onFiles={session.addFiles} onBrowse={browse} browseRef={browseButton} prompt={items.length === 0}>
          {items.length > 0 && (
            <ul aria-label="Selected files" className="grid max-h-72 grid-cols-1 gap-2 overflow-y-auto pr-1">
              {items.map((item) => (
                <ImportFileItem
                  key={item.id}
                  item={item}
                  removable={canRemove(session.state, item)}
                  onRemove={() => session.remove(item.id)}
                />
              ))}
            </ul>
          )}
        </FileDropZone>
        {items
          .filter((item) => item.status === 'pending')
          .map((item) => (
            <ImportPreview
              key={item.id}
              item={item}
              disabled={running}
              onSheet={(sheet) => session.chooseSheet(item.id, sheet)}
              onField={(column, field) => session.chooseField(item.id, column, field)}
            />
          ))}
        {summary && <ImportSummaryView key={summary.runId} summary={summary} undo={deps.undoImport} />}
        <Guidance />
        {running && (
          <p role="status" className="text-xs text-muted-foreground">
            You can close this window; the import carries on.
          </p>
        )}
      </div>
    </Dialog>
  );
}
