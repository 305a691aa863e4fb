// @vitest-environment node
import type { Certificate, FirstPaintApiFetch } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { renderFirstPaint } from './render-first-paint';

const publicUrl = 'https://kaushal.example';
const ID = 'OXcBG9QKDC7MW9Fv7NuK0Q';

const verified: Certificate = {
  id: ID,
  learnerName: 'Asha <b>Menon</b>',
  course: { id: 'rag-from-scratch', title: 'RAG from Scratch' },
  issuedAt: '2026-11-20T20:00:00.000Z',
  watchedSeconds: 3 * 3600 + 25 * 60 + 12,
  quizScores: [
    { title: 'Retrieval basics', scorePercent: 90 },
    { title: 'Chunking', scorePercent: 100 },
  ],
  status: 'verified',
  revokedAt: null,
  verificationUrl: `${publicUrl}/certificates/${ID}`,
  linkedInUrl: `https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=RAG%20from%20Scratch&certId=${ID}`,
};

/** The API as the first paint sees it: the visitor is signed out, the certificate answers as given. */
function api(certificate: { status: number; body: unknown }): FirstPaintApiFetch {
  return async (path) => {
    if (path === '/auth/me') return { status: 401, body: null };
    if (path === `/certificates/${ID}`) return certificate;
    return { status: 404, body: null };
  };
}

const draw = (certificate: { status: number; body: unknown }) =>
  renderFirstPaint(`/certificates/${ID}`, api(certificate), { publicUrl });

describe('the certificate page drawn on the server', () => {
  it('shows the certificate and its link-preview tags (title, description, absolute image and URL)', async () => {
    const drawn = await draw({ status: 200, body: verified });
    const head = drawn?.head ?? '';
    const title = 'Asha &lt;b&gt;Menon&lt;/b&gt; completed RAG from Scratch';
    expect(head).toContain(
      '<title>RAG from Scratch: certificate of Asha &lt;b&gt;Menon&lt;/b&gt; | Kaushal AI</title>',
    );
    expect(head).toContain(`<meta property="og:title" content="${title}" />`);
    expect(head).toContain(
      '<meta property="og:description" content="Asha &lt;b&gt;Menon&lt;/b&gt; completed RAG from Scratch on 21 November 2026: watched 3 h 25 min of lessons, and passed every quiz. Verified by Kaushal AI." />',
    );
    expect(head).toContain(`<meta property="og:url" content="${publicUrl}/certificates/${ID}" />`);
    expect(head).toContain(`<link rel="canonical" href="${publicUrl}/certificates/${ID}" />`);
    expect(head).toContain(`<meta property="og:image" content="${publicUrl}/api/v1/certificates/${ID}/image.png" />`);
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta property="og:image:height" content="630" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).not.toContain('<b>');

    const html = drawn?.html ?? '';
    expect(html).toContain('Certificate of completion');
    expect(html).toContain('Asha &lt;b&gt;Menon&lt;/b&gt;');
    expect(html).toContain('href="/course/rag-from-scratch"');
    // Issued at 20:00 UTC: the 21st in India, on the server as in the browser.
    expect(html).toContain('21 November 2026');
    expect(html).toContain('3 h 25 min');
    expect(html).toContain('Retrieval basics');
    expect(html).toContain('90%');
    expect(html).toContain('Verified');
    expect(html).toContain(`href="/api/v1/certificates/${ID}/pdf"`);
    expect(html).toContain('Download PDF');
    expect(html).toContain('Add to LinkedIn profile');
    expect(html).toContain(
      `href="https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&amp;name=RAG%20from%20Scratch&amp;certId=${ID}"`,
    );
    // The browser hydrates with the same answer.
    expect(drawn?.data).toContain(`"certificate","${ID}"`);
  });

  it('says revoked and when, and offers no LinkedIn link for a revoked certificate', async () => {
    const drawn = await draw({
      status: 200,
      body: { ...verified, status: 'revoked', revokedAt: '2026-11-25T06:00:00.000Z' },
    });
    expect(drawn?.html).toContain('Revoked on 25 November 2026');
    expect(drawn?.html).not.toContain('Add to LinkedIn profile');
    expect(drawn?.head).toContain('Revoked on 25 November 2026.');
  });

  it("is drawn in the visitor's language, page and link preview alike (docs/decisions/037)", async () => {
    const drawn = await renderFirstPaint(`/certificates/${ID}`, api({ status: 200, body: verified }), {
      publicUrl,
      language: 'de',
    });
    expect(drawn?.html).toContain('Abschlusszertifikat');
    expect(drawn?.html).toContain('3 Std. 25 Min.');
    expect(drawn?.html).toContain('21. November 2026');
    expect(drawn?.head).toContain(
      '<title>RAG from Scratch: Zertifikat von Asha &lt;b&gt;Menon&lt;/b&gt; | Kaushal AI</title>',
    );
    expect(drawn?.head).toContain('Bestätigt von Kaushal AI.');
  });

  it("keeps index.html's head for a certificate that no longer exists or never did (the browser shows why)", async () => {
    for (const answer of [
      { status: 410, body: null },
      { status: 404, body: null },
    ]) {
      const drawn = await draw(answer);
      expect(drawn?.head).toBe('');
      expect(drawn?.html).not.toContain('Certificate of completion');
    }
  });
});
