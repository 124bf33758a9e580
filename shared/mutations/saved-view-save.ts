/**
 * savedView.save: creates or changes one of the signed-in user's saved views — its name, its state
 * (filters, sort, page size) and whether it is the default — each field last-writer-wins by clock, so a
 * rename on one device and a default set on another both survive. Making a view the default stamps it
 * (`defaultHlc`); the newest stamp among a user's views is the default, so no other view is written.
 * A view belongs to the user who made it: another user's uid is answered as not found.
 */
import { z } from 'zod';
import { savedViewNameSchema, savedViewStateSchema, type SavedView } from '../schemas/saved-view.schema';
import { uidSchema } from './args.schema';
import { applied, rejected, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const VIEW_REFUSALS = {
  notFound: 'Saved view not found',
  deleted: 'The saved view was deleted',
} as const;

export const argsSchema = z
  .object({
    uid: uidSchema,
    name: savedViewNameSchema.optional(),
    state: savedViewStateSchema.optional(),
    isDefault: z.boolean().optional(),
  })
  .refine((args) => args.name !== undefined || args.state !== undefined || args.isDefault !== undefined, 'A save must change something');
export type Args = z.infer<typeof argsSchema>;

const FIELDS = ['name', 'state', 'defaultHlc'] as const;

export async function apply(store: MutationStore, args: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const current = await store.getSavedView(args.uid);
  if (current && current.userId !== ctx.userId) return rejected(VIEW_REFUSALS.notFound);
  if (current?.deletedAt) return rejected(VIEW_REFUSALS.deleted);
  const values: Partial<Pick<SavedView, (typeof FIELDS)[number]>> = {};
  if (args.name !== undefined) values.name = args.name;
  if (args.state !== undefined) values.state = args.state;
  if (args.isDefault !== undefined) values.defaultHlc = args.isDefault ? ctx.hlc : null;
  if (!current) {
    if (values.name === undefined || values.state === undefined) return rejected(VIEW_REFUSALS.notFound);
    const fieldClocks = Object.fromEntries(FIELDS.map((field) => [field, ctx.hlc]));
    await store.putSavedView({
      id: null,
      uid: args.uid,
      userId: ctx.userId,
      name: values.name,
      state: values.state,
      defaultHlc: values.defaultHlc ?? null,
      fieldClocks,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      deletedAt: null,
    });
    return applied(1);
  }
  const next: SavedView = { ...current, fieldClocks: { ...current.fieldClocks } };
  let changed = false;
  for (const field of FIELDS) {
    if (!(field in values) || ctx.hlc <= (current.fieldClocks[field] ?? '')) continue;
    (next as Record<string, unknown>)[field] = values[field];
    next.fieldClocks[field] = ctx.hlc;
    changed = true;
  }
  if (!changed) return applied(0, 0, 1);
  await store.putSavedView({ ...next, updatedAt: ctx.now });
  return applied(0, 1);
}
