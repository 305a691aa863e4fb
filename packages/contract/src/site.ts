import { z } from 'zod';

/** The brand and company facts, kept in content/site.json and read by every page and email. */
export const siteConfigSchema = z.object({
  productName: z.string().min(1),
  tagline: z.string(),
  supportEmail: z.email(),
  businessEmail: z.email(),
  phone: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  supportHours: z.array(z.object({ days: z.string(), hours: z.string() })),
  successRate: z.number().int().min(0).max(100),
  ctosConsulted: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
