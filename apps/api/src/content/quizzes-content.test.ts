import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { openPglite } from '../db/pglite.ts';
import { quizAttempts, quizzes, sections, users } from '../db/schema.ts';
import { FIXTURE_QUESTIONS } from '../modules/quizzes/test-support.ts';
import { exportCatalogue } from './export.ts';
import { ContentError } from './load.ts';
import { type CourseFile, courseFileSchema } from './schema.ts';
import { seedCatalogue } from './seed.ts';

/** A fixture course file (the shipped ones are the content writer's): three sections, a quiz on two of them. */
function fixture(edit: (raw: Record<string, unknown>) => void = () => {}): CourseFile {
  const lesson = (n: number, section?: string) => ({
    id: `quizland-0${n}`,
    ...(section ? { section } : {}),
    title: `Lesson ${n}`,
    isFree: n === 1,
    durationSeconds: 60,
    video: null,
  });
  const raw: Record<string, unknown> = {
    id: 'quizland',
    title: 'Quizland',
    description: '',
    difficulty: 'Beginner',
    price: 100,
    thumbnail: '',
    instructor: '',
    students: 0,
    rating: 0,
    lessons: [lesson(1, 'Alpha'), lesson(2, 'Alpha'), lesson(3, 'Beta'), lesson(4, 'Gamma')],
    pricingTiers: [{ id: 'quizland-life', title: 'Lifetime', price: 100, originalPrice: 100, accessType: 'permanent' }],
    quizzes: [
      {
        id: 'quizland-quiz-1',
        section: 'Alpha',
        title: 'Alpha quiz',
        passPercent: 70,
        questions: structuredClone(FIXTURE_QUESTIONS),
      },
      {
        id: 'quizland-quiz-2',
        section: 'Beta',
        title: 'Beta quiz',
        passPercent: 50,
        questions: structuredClone(FIXTURE_QUESTIONS),
      },
    ],
  };
  edit(raw);
  return courseFileSchema.parse(raw);
}

const issuesOf = (edit: (raw: Record<string, unknown>) => void): string[] => {
  try {
    fixture(edit);
    return [];
  } catch (error) {
    const issues = (error as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues ?? [];
    return issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  }
};

type Quizzes = Array<Record<string, unknown> & { questions: Array<Record<string, unknown>> }>;
const quizzesOf = (raw: Record<string, unknown>) => raw.quizzes as Quizzes;

describe('quizzes in content files: validation', () => {
  it('accepts a valid quiz and refuses each broken one with its field', () => {
    expect(fixture().quizzes).toHaveLength(2);
    const cases: Array<[(raw: Record<string, unknown>) => void, string]> = [
      [
        (raw) => Object.assign(quizzesOf(raw)[0] ?? {}, { section: 'Delta' }),
        "quizzes.0.section: no lesson is in section 'Delta'",
      ],
      [
        (raw) => Object.assign(quizzesOf(raw)[1] ?? {}, { section: 'Alpha' }),
        "quizzes.1.section: section 'Alpha' has two quizzes",
      ],
      [(raw) => Object.assign(quizzesOf(raw)[0] ?? {}, { passPercent: 0 }), 'quizzes.0.passPercent'],
      [
        (raw) => Object.assign(quizzesOf(raw)[0] ?? {}, { questions: [] }),
        'quizzes.0.questions: a quiz needs at least one question',
      ],
      [
        (raw) => Object.assign(quizzesOf(raw)[0]?.questions[0] ?? {}, { correctOptionIds: ['a', 'b'] }),
        'quizzes.0.questions.0.correctOptionIds: a single-choice question has exactly one right option',
      ],
      [
        (raw) => Object.assign(quizzesOf(raw)[0]?.questions[1] ?? {}, { correctOptionIds: ['a', 'x'] }),
        "quizzes.0.questions.1.correctOptionIds: a right option is not one of the question's options",
      ],
      [
        (raw) =>
          Object.assign(quizzesOf(raw)[0]?.questions[0] ?? {}, {
            options: [
              { id: 'a', text: 'One' },
              { id: 'a', text: 'Two' },
            ],
            correctOptionIds: ['a'],
          }),
        'quizzes.0.questions.0.options.1.id: another option of this question has this id',
      ],
      [
        (raw) => Object.assign(quizzesOf(raw)[0]?.questions[1] ?? {}, { id: 'q1' }),
        'quizzes.0.questions.1.id: another question has this id',
      ],
      [
        (raw) => Object.assign(quizzesOf(raw)[0]?.questions[2] ?? {}, { tolerance: -1 }),
        'quizzes.0.questions.2.tolerance',
      ],
      [(raw) => Object.assign(quizzesOf(raw)[0]?.questions[2] ?? {}, { kind: 'essay' }), 'quizzes.0.questions.2.kind'],
    ];
    for (const [edit, expected] of cases) {
      const issues = issuesOf(edit);
      expect(
        issues.some((issue) => issue.startsWith(expected)),
        `${expected} in ${JSON.stringify(issues)}`,
      ).toBe(true);
    }
  });

  it('takes a quiz without a section in a file whose lessons name none, and refuses one naming a section there', () => {
    const flat = (withSection: boolean) => (raw: Record<string, unknown>) => {
      for (const lesson of raw.lessons as Array<Record<string, unknown>>) delete lesson.section;
      raw.quizzes = [{ ...quizzesOf(raw)[0], ...(withSection ? {} : { section: undefined }) }];
    };
    expect(issuesOf(flat(false))).toEqual([]);
    expect(issuesOf(flat(true))).toEqual(["quizzes.0.section: no lesson is in section 'Alpha'"]);
  });
});

describe('quizzes in content files: import keeps learner attempts', () => {
  let database: Database;
  beforeEach(async () => {
    database = await openDatabase({ pglite: openPglite() });
    await database.migrate();
  });
  afterEach(async () => {
    await database.close();
  });

  const attemptOn = async (quizId: string) => {
    const [user] = await database.db
      .insert(users)
      .values({ email: `${quizId}@example.com`, name: 'L' })
      .returning();
    await database.db.insert(quizAttempts).values({
      userId: user?.id ?? '',
      quizId,
      courseId: 'quizland',
      answers: { q1: ['b'] },
      correctCount: 1,
      questionCount: 3,
      scorePercent: 33,
      passed: false,
    });
  };
  const stored = () =>
    database.db
      .select({ id: quizzes.id, section: sections.title, title: quizzes.title })
      .from(quizzes)
      .innerJoin(sections, eq(sections.id, quizzes.sectionId))
      .orderBy(asc(quizzes.id));

  it('upserts quizzes by id: a second import writes nothing, an edit updates in place, attempts stay', async () => {
    await seedCatalogue(database.db, [fixture()]);
    expect(await stored()).toEqual([
      { id: 'quizland-quiz-1', section: 'Alpha', title: 'Alpha quiz' },
      { id: 'quizland-quiz-2', section: 'Beta', title: 'Beta quiz' },
    ]);
    await attemptOn('quizland-quiz-1');
    expect((await seedCatalogue(database.db, [fixture()])).written).toBe(0);

    const edited = fixture((raw) => Object.assign(quizzesOf(raw)[0] ?? {}, { title: 'Alpha, revised' }));
    expect((await seedCatalogue(database.db, [edited])).written).toBe(1);
    expect((await stored())[0]).toEqual({ id: 'quizland-quiz-1', section: 'Alpha', title: 'Alpha, revised' });
    expect(await database.db.select().from(quizAttempts)).toHaveLength(1);
  });

  it('follows sections that swap places (ids by position) without losing attempts', async () => {
    await seedCatalogue(database.db, [fixture()]);
    await attemptOn('quizland-quiz-1');
    await attemptOn('quizland-quiz-2');
    const swapped = fixture((raw) => {
      const [l1, l2, l3, l4] = raw.lessons as unknown[];
      raw.lessons = [l3, l1, l2, l4];
    });
    await seedCatalogue(database.db, [swapped]);
    const rows = await database.db
      .select({ id: quizzes.id, sectionId: quizzes.sectionId, section: sections.title })
      .from(quizzes)
      .innerJoin(sections, eq(sections.id, quizzes.sectionId))
      .orderBy(asc(quizzes.id));
    expect(rows).toEqual([
      { id: 'quizland-quiz-1', sectionId: 'quizland-s2', section: 'Alpha' },
      { id: 'quizland-quiz-2', sectionId: 'quizland-s1', section: 'Beta' },
    ]);
    expect(await database.db.select().from(quizAttempts)).toHaveLength(2);
    // No placeholder section is left behind.
    expect((await database.db.select().from(sections)).map((s) => s.id).sort()).toEqual([
      'quizland-s1',
      'quizland-s2',
      'quizland-s3',
    ]);
    // A section that goes (its lessons merged into another) takes no quiz that moved with the file.
    const merged = fixture((raw) => {
      for (const lesson of raw.lessons as Array<Record<string, unknown>>) {
        if (lesson.section === 'Gamma') lesson.section = 'Beta';
      }
    });
    await seedCatalogue(database.db, [merged]);
    expect(await database.db.select().from(quizAttempts)).toHaveLength(2);
  });

  it('refuses to drop a quiz learners attempted (nothing written), and drops one nobody did', async () => {
    await seedCatalogue(database.db, [fixture()]);
    await attemptOn('quizland-quiz-1');
    const withoutFirst = fixture((raw) => {
      raw.quizzes = quizzesOf(raw).slice(1);
    });
    const refusal = await seedCatalogue(database.db, [withoutFirst]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ContentError);
    expect((refusal as ContentError).problems).toEqual([
      "courses/quizland.json: quizzes: quiz 'quizland-quiz-1' was removed but learners have attempted it; keep it in the file",
    ]);
    expect(await stored()).toHaveLength(2);
    const withoutSecond = fixture((raw) => {
      raw.quizzes = quizzesOf(raw).slice(0, 1);
    });
    await seedCatalogue(database.db, [withoutSecond]);
    expect((await stored()).map((q) => q.id)).toEqual(['quizland-quiz-1']);
  });

  it('exports quizzes as the file had them', async () => {
    const file = fixture();
    await seedCatalogue(database.db, [file]);
    const [exported] = await exportCatalogue(database.db);
    expect(exported?.quizzes).toEqual(file.quizzes);
    expect(courseFileSchema.parse(JSON.parse(JSON.stringify(exported)))).toEqual(file);
  });
});
