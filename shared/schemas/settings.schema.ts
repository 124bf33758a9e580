import { z } from 'zod';

/** GET /api/config: what the PWA needs before anyone signs in. */
export const appConfigSchema = z.object({
  appName: z.string(),
  registrationOpen: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Team-wide settings an admin changes in Settings → System. */
export const systemSettingsSchema = z.object({
  allowSelfRegistration: z.boolean(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;
