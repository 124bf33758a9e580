/** savedView.delete: a tombstone on one of the signed-in user's saved views; deletes win over saves. */
import { z } from 'zod';
import { uidSchema } from './args.schema';
import { VIEW_REFUSALS } from './saved-view-save';
import { applied, rejected, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const argsSchema = z.object({ uid: uidSchema });
export type Args = z.infer<typeof argsSchema>;

export async function apply(store: MutationStore, { uid }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const current = await store.getSavedView(uid);
  if (!current || current.userId !== ctx.userId) return rejected(VIEW_REFUSALS.notFound);
  if (current.deletedAt) return applied(0, 0, 1);
  await store.putSavedView({ ...current, deletedAt: ctx.now, updatedAt: ctx.now });
  return applied(0, 1);
}
