import type { PageHead } from '@/app/first-paint/route-first-paint';
import { site } from '@/lib/site';
import { pageTitle } from '@/lib/use-page-title';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a double- or single-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * A page's head as HTML for index.html: its title and description (in place of the site's defaults) and,
 * when it has them, its canonical link and the Open Graph and Twitter card tags that link previews and
 * crawlers read. Everything taken from the page is escaped; paths are made absolute against `publicUrl`.
 */
export function renderHead(head: PageHead, publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  const absolute = (path: string) => escapeHtml(/^https?:\/\//.test(path) ? path : origin + path);
  const description = escapeHtml(head.description);
  const url = head.path === undefined ? undefined : absolute(head.path);
  const og = head.openGraph;
  const tags = [
    `<title>${escapeHtml(pageTitle(head.title))}</title>`,
    `<meta name="description" content="${description}" />`,
    url && `<link rel="canonical" href="${url}" />`,
    ...(og
      ? [
          `<meta property="og:type" content="website" />`,
          `<meta property="og:site_name" content="${escapeHtml(site.productName)}" />`,
          `<meta property="og:title" content="${escapeHtml(og.title)}" />`,
          `<meta property="og:description" content="${description}" />`,
          url && `<meta property="og:url" content="${url}" />`,
          og.image && `<meta property="og:image" content="${absolute(og.image)}" />`,
          og.image && og.imageSize && `<meta property="og:image:width" content="${og.imageSize.width}" />`,
          og.image && og.imageSize && `<meta property="og:image:height" content="${og.imageSize.height}" />`,
          `<meta name="twitter:card" content="${og.image && og.imageSize ? 'summary_large_image' : 'summary'}" />`,
          `<meta name="twitter:title" content="${escapeHtml(og.title)}" />`,
          `<meta name="twitter:description" content="${description}" />`,
        ]
      : []),
  ];
  return tags.filter(Boolean).join('\n    ');
}
