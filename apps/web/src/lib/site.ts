import rawSite from '@content/site.json';
import { type SiteConfig, siteConfigSchema } from '@kaushal/contract';

/** The brand and company facts (content/site.json), validated once at load. */
export const site: SiteConfig = siteConfigSchema.parse(rawSite);
