import rawSite from '@content/site.json';
import type { SiteConfig } from '@kaushal/contract';

/**
 * The brand and company facts (content/site.json). Type-checked against the contract at build time (the
 * assignment below fails to compile if the file drifts) and validated by the API at start-up, so the
 * browser needs no runtime schema for it.
 */
export const site: SiteConfig = rawSite;
