import { z } from 'zod';

/**
 * Ids of the optional third-party services the web app loads (usage analytics, session recording, live
 * chat); null when the operator did not configure one, and then nothing of that service is loaded.
 */
export const integrationsSchema = z.object({
  analyticsId: z.string().nullable(),
  sessionRecordingId: z.string().nullable(),
  chatWidgetId: z.string().nullable(),
});
export type Integrations = z.infer<typeof integrationsSchema>;
