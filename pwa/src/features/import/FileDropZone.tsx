import { useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { cn } from '@/ui/cn';
import { Button } from '@/ui/Button';
import { UploadIcon } from '@/ui/icons';

export interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  onBrowse: () => void;
  browseRef?: Ref<HTMLButtonElement>;
  /** Show the big "drop or browse" prompt (no files listed yet). */
  prompt: boolean;
  children?: ReactNode;
}

/** Takes dropped files anywhere over it; the prompt's button opens the file picker (keyboard path). */
export function FileDropZone({ onFiles, onBrowse, browseRef, prompt, children }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="import-drop-zone"
      className={cn('grid min-w-0 grid-cols-1 gap-3 rounded-lg', over && 'ring-2 ring-primary ring-offset-2')}
    >
      {prompt && (
        <div className={cn('grid justify-items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center', over ? 'border-primary bg-secondary' : 'border-input')}>
          <UploadIcon className="size-8 text-muted-foreground" />
          <p className="text-sm font-medium">Drag and drop your files here</p>
          <p className="text-xs text-muted-foreground">CSV or Excel (.csv, .xlsx, .xls, .xlsm, .xlsb, .ods), several at once</p>
          <Button ref={browseRef} variant="outline" size="sm" onClick={onBrowse}>
            Browse files
          </Button>
        </div>
      )}
      {children}
    </div>
  );
}
