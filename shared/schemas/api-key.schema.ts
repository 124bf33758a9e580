/** Integration API keys (Settings → API Keys) and what an integration learns about its key. */
import { z } from 'zod';

export const createApiKeySchema = z.object({
  name: z
    .string({ message: 'API key name is required' })
    .trim()
    .min(1, 'API key name is required')
    .max(100, 'API key name must be at most 100 characters'),
});

/** A key as listed: never the key itself, only its display prefix. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key, e.g. `rk_AbC1234`, shown as `rk_AbC1234…`. */
  keyPrefix: z.string(),
  createdAt: z.string(),
  lastUsed: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the full key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });

/** GET /api/zapier/me: the key's owner, for the automation tool's connection test. */
export const apiKeyOwnerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  keyName: z.string(),
});
