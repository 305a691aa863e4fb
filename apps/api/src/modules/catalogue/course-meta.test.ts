import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { courses } from '../../db/schema.ts';
import { escapeHtml, metaDescription } from './course-meta.ts';

// A built index.html of the same shape as Vite's output, in a folder of its own for this file.
const distDir = mkdtempSync(path.join(tmpdir(), 'kaushal-meta-'));
writeFileSync(
  path.join(distDir, 'index.html'),
  `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta charset="UTF-8" />
    <title>Kaushal AI: become an AI engineer</title>
    <meta name="description" content="Become a job-ready AI engineer." />
    <!--app-head-->
  </head>
  <body><div id="root"></div></body>
</html>`,
);

const NASTY_TITLE = `<script>alert("x")</script> & 'Quotes' $& $1`;

describe('server-rendered meta for /course/:id', () => {
  const ctx = useTestApp({ env: { WEB_DIST_DIR: distDir } });
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  const page = async (url: string) => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    return res.body;
  };

  it('fills the title, description and Open Graph tags from the course', async () => {
    const html = await page('/course/rag-from-scratch');
    expect(html).toContain('<title>RAG from Scratch | Kaushal AI</title>');
    expect(html).toContain('<meta property="og:title" content="RAG from Scratch" />');
    expect(html).toContain('<meta property="og:url" content="http://localhost:3999/course/rag-from-scratch" />');
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:3999/thumbnails/rag-from-scratch.svg" />',
    );
    expect(html).toMatch(/<meta name="description" content="Build retrieval-augmented generation [^"]*\.\.\." \/>/);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<!--app-head-->');
  });

  it('escapes everything taken from the course', async () => {
    await ctx.database.db.insert(courses).values({
      id: 'escape-me',
      title: NASTY_TITLE,
      description: `Learn "quoting" <b>safely</b> & well.`,
      difficulty: 'Beginner',
      pricePaise: 0,
    });
    const html = await page('/course/escape-me');
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Quotes&#39; $&amp; $1';
    expect(html).toContain(`<title>${escaped} | Kaushal AI</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(
      '<meta name="description" content="Learn &quot;quoting&quot; &lt;b&gt;safely&lt;/b&gt; &amp; well." />',
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>safely');
  });

  it('keeps the default head for unknown courses, malformed ids and other pages', async () => {
    for (const url of ['/course/does-not-exist', '/course/%3Cscript%3E', '/course/UPPER', '/courses', '/about-us']) {
      const html = await page(url);
      expect(html).toContain('<title>Kaushal AI: become an AI engineer</title>');
      expect(html).not.toContain('og:title');
    }
  });

  it('summarises long descriptions at a word and uses the generic line when there is none', () => {
    const long = `${'word '.repeat(60)}end.`;
    const summary = metaDescription(long, 'T', 'Beginner');
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/word\.\.\.$/);
    expect(metaDescription('  ', 'Computer Vision', 'Advanced')).toBe(
      'Master computer vision with hands-on projects and expert guidance, perfect for advanced learners.',
    );
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
