/**
 * The signed-in user's saved views on the device: each change is a savedView.save or savedView.delete
 * mutation, applied to the device's rows and queued in one transaction (so it works offline and syncs
 * to the user's other devices), validated with the shared schemas first.
 */
import type { SavedView, SavedViewState } from '@shared/schemas/saved-view.schema';
import { newUid } from '@shared/sync/ids';
import { mutationArgsSchemas } from '@shared/sync/protocol.schema';
import { appDb } from '@/db/app-db';
import type { RepHireDb } from '@/db/database';
import { notifyLocalWrite } from '@/db/local-writes';
import { RecordNotFoundError, parseOrThrow } from '@/db/repo-errors';
import { writeMutation, type PreparedMutation } from '@/sync/outbox';

export function createSavedViewsRepo(db: RepHireDb) {
  async function save(args: unknown, label: string): Promise<void> {
    const parsed = parseOrThrow(mutationArgsSchemas['savedView.save'], args);
    const result = await writeMutation(db, async (): Promise<PreparedMutation<'savedView.save'>> => ({ name: 'savedView.save', args: parsed, label }));
    if (result?.outcome.status === 'rejected') throw new RecordNotFoundError(result.outcome.reason ?? 'Saved view not found');
    notifyLocalWrite(db);
  }

  async function liveView(uid: string): Promise<SavedView> {
    const view = await db.savedViews.get(uid);
    if (!view || view.deletedAt) throw new RecordNotFoundError('Saved view not found');
    return view;
  }

  return {
    /** The live views, by name. */
    async listViews(): Promise<SavedView[]> {
      const views = (await db.savedViews.toArray()).filter((view) => !view.deletedAt);
      return views.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uid.localeCompare(b.uid));
    },

    /** Saves the page's state as a new view; resolves with its uid. */
    async createView(name: string, state: SavedViewState, isDefault: boolean): Promise<string> {
      const uid = newUid();
      await save({ uid, name, state, ...(isDefault ? { isDefault: true } : {}) }, `Save view ${name.trim()}`);
      return uid;
    },

    async renameView(uid: string, name: string): Promise<void> {
      await liveView(uid);
      await save({ uid, name }, `Rename view to ${name.trim()}`);
    },

    /** Makes the view the default one (or no longer the default). */
    async setDefault(uid: string, isDefault: boolean): Promise<void> {
      const view = await liveView(uid);
      await save({ uid, isDefault }, isDefault ? `Make ${view.name} the default view` : `${view.name} no longer the default view`);
    },

    async deleteView(uid: string): Promise<void> {
      const view = await liveView(uid);
      const args = parseOrThrow(mutationArgsSchemas['savedView.delete'], { uid });
      await writeMutation(db, async (): Promise<PreparedMutation<'savedView.delete'>> => ({ name: 'savedView.delete', args, label: `Delete view ${view.name}` }));
      notifyLocalWrite(db);
    },
  };
}

export type SavedViewsRepo = ReturnType<typeof createSavedViewsRepo>;

export const savedViewsRepo: SavedViewsRepo = createSavedViewsRepo(appDb);
