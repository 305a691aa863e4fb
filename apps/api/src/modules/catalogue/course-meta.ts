import { slugSchema } from '@kaushal/contract';
import type { FastifyRequest } from 'fastify';
import type { IndexHtmlRenderer } from '../../plugins/web.ts';
import { findCourse } from './queries.ts';

const COURSE_PATH = /^\/course\/([^/]+)\/?$/;
const META_DESCRIPTION_MAX = 160;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a double- or single-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A search-result sized summary: whitespace collapsed, cut at a word within 160 characters. */
export function metaDescription(description: string, title: string, difficulty: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (!text) {
    return `Master ${title.toLowerCase()} with hands-on projects and expert guidance, perfect for ${difficulty.toLowerCase()} learners.`;
  }
  if (text.length <= META_DESCRIPTION_MAX) return text;
  const slice = text.slice(0, META_DESCRIPTION_MAX - 2);
  const cut = slice.slice(0, Math.max(slice.lastIndexOf(' '), 1)).replace(/[\s,;:.!?-]+$/, '');
  return `${cut}...`;
}

function courseIdOf(request: FastifyRequest): string | null {
  const match = COURSE_PATH.exec(request.url.split('?')[0] ?? '');
  if (!match?.[1]) return null;
  try {
    const id = decodeURIComponent(match[1]);
    return slugSchema.safeParse(id).success ? id : null;
  } catch {
    return null;
  }
}

/**
 * Fills index.html for /course/:id with the course's title, description and Open Graph tags, so shared
 * links and crawlers that do not run JavaScript show the course. Every other page keeps the default head.
 */
export const renderCourseMeta: IndexHtmlRenderer = async (request, html) => {
  const id = courseIdOf(request);
  if (!id) return html;
  const { db, site, config } = request.server.deps;
  let course: Awaited<ReturnType<typeof findCourse>>;
  try {
    course = await findCourse(db, id);
  } catch (error) {
    // The page still works without the tags (the app sets the title itself); never fail it over them.
    request.log.warn({ err: error }, 'course meta: lookup failed, serving the default head');
    return html;
  }
  if (!course) return html;

  const origin = config.publicUrl.replace(/\/$/, '');
  const title = escapeHtml(`${course.title} | ${site.productName}`);
  const description = escapeHtml(metaDescription(course.description, course.title, course.difficulty));
  const url = escapeHtml(`${origin}/course/${encodeURIComponent(course.id)}`);
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.productName)}" />`,
    `<meta property="og:title" content="${escapeHtml(course.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    course.thumbnailUrl ? `<meta property="og:image" content="${escapeHtml(origin + course.thumbnailUrl)}" />` : '',
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(course.title)}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ]
    .filter(Boolean)
    .join('\n    ');

  // Replacer functions, so '$' in course text is never read as a replacement pattern.
  let out = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`);
  out = out.replace(
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    () => `<meta name="description" content="${description}" />`,
  );
  return out.includes('<!--app-head-->')
    ? out.replace('<!--app-head-->', () => tags)
    : out.replace('</head>', () => `    ${tags}\n  </head>`);
};
