import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { statsSchema } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { repoRoot } from '../paths.ts';
import { loadCatalogue } from './load.ts';
import { DEFAULT_SECTION_TITLE, sectionsOf } from './schema.ts';

/**
 * What the product says about itself must be true of what it delivers (issue 15). None of these exist yet:
 * mentors (or doubt-clearing sessions), a course discussion or forum. A tier, a review or a page that names one
 * promises it. (Notebooks, quizzes and certificates exist since issue 18; what a tier promises of them is
 * reached by the tests below and by e2e/certificate.spec.ts.)
 */
const UNDELIVERED = /\b(mentors?|mentorship|doubt-clearing|discussions?|forums?)\b/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('what the content promises', () => {
  it('no pricing tier or review names a feature that does not exist', async () => {
    const { courses } = await loadCatalogue(path.join(repoRoot, 'content'));
    const offending: string[] = [];
    for (const course of courses) {
      for (const tier of course.pricingTiers) {
        for (const text of [tier.title, tier.description]) {
          if (UNDELIVERED.test(text)) offending.push(`${course.id} tier ${tier.id}: ${text}`);
        }
      }
      for (const review of course.reviews) {
        if (UNDELIVERED.test(review.comment)) offending.push(`${course.id} review ${review.id}: ${review.comment}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('tiers say what they deliver: video lessons, how long, and saved progress', async () => {
    const { courses } = await loadCatalogue(path.join(repoRoot, 'content'));
    for (const course of courses) {
      for (const tier of course.pricingTiers) {
        expect(tier.description, tier.id).toMatch(/video lesson/);
        expect(tier.description, tier.id).toMatch(/progress/);
        expect(tier.description, tier.id).toMatch(tier.accessType === 'weekly' ? /Seven days/ : /for as long as/);
      }
    }
  });

  it('what a tier promises of notebooks, quizzes and certificates is there for every lesson and section', async () => {
    const { courses } = await loadCatalogue(path.join(repoRoot, 'content'));
    const promising = courses.filter((course) =>
      course.pricingTiers.some((tier) => /notebooks|quizzes|certificate/.test(tier.description)),
    );
    expect(promising.length).toBeGreaterThan(0);
    for (const course of promising) {
      const text = course.pricingTiers.map((tier) => tier.description).join(' ');
      if (/notebooks/.test(text)) {
        // "its notebooks": every lesson a tier pays for has one.
        for (const lesson of course.lessons.filter((l) => !l.isFree)) {
          expect(
            lesson.resources?.some((r) => r.file.endsWith('.ipynb')),
            `${lesson.id} notebook`,
          ).toBe(true);
        }
      }
      if (/quizzes/.test(text)) {
        // "section quizzes": one for each section.
        const quizSections = new Set(course.quizzes.map((quiz) => quiz.section ?? DEFAULT_SECTION_TITLE));
        for (const section of sectionsOf(course))
          expect(quizSections, `${course.id}: ${section.title}`).toContain(section.title);
      }
      if (/certificate/.test(text)) {
        // It can be earned: there is something to watch (e2e/certificate.spec.ts earns one in the browser).
        expect(
          course.lessons.some((lesson) => lesson.video),
          course.id,
        ).toBe(true);
      }
    }
  });

  it('no page of the web app names one either (about, home, contact, legal, account, every other page)', () => {
    const webSrc = path.join(repoRoot, 'apps/web/src');
    const offending = sourceFiles(webSrc).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [line, i] as const)
        .filter(([line]) => UNDELIVERED.test(line))
        .map(([line, i]) => `${path.relative(webSrc, file)}:${i + 1}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });
});

/** The About page's fixed claims (spec section 1), read from the page itself so the two cannot drift apart (the label
 * may be marked for translation, `msg('…')`). */
function aboutClaim(label: string): string {
  const about = readFileSync(path.join(repoRoot, 'apps/web/src/features/marketing/about-page.tsx'), 'utf8');
  const match = about.match(new RegExp(`value: '([^']+)', label: (?:msg\\()?'${label}'`));
  if (!match?.[1]) throw new Error(`the About page has no '${label}' figure`);
  return match[1];
}

describe('figures agree with the About page', () => {
  const ctx = useTestApp();

  it("the home page's students and rating (from /stats) read as About's 10K+ and 4.9/5", async () => {
    const stats = statsSchema.parse((await ctx.app.inject('/api/v1/stats')).json());
    // As the home stats strip shows them (DESIGN 5a): floor(students / 1000) + 'K+', the rating to one decimal.
    expect(`${Math.floor(stats.students / 1000)}K+`).toBe(aboutClaim('Students trained'));
    expect(`${stats.rating.toFixed(1)}/5`).toBe(aboutClaim('Student rating'));
    // The story paragraph says "more than 10,000 students".
    expect(stats.students).toBeGreaterThan(10_000);
  });
});
