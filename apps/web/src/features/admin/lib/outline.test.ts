import { describe, expect, it } from 'vitest';
import {
  addSection,
  lessonPosition,
  moveLessonTo,
  moveSectionTo,
  type Outline,
  outlineBody,
  removeSection,
  sectionPosition,
  stepLesson,
  stepSection,
} from './outline';

const outline = (): Outline => [
  { key: 'a', id: 'a', title: 'Basics', lessonIds: ['l1', 'l2', 'l3'] },
  { key: 'b', id: 'b', title: 'Advanced', lessonIds: ['l4'] },
];
const ids = (o: Outline) => o.map((s) => s.lessonIds);

describe('outline moves', () => {
  it('steps a lesson within its section', () => {
    expect(ids(stepLesson(outline(), 'l1', 1))).toEqual([['l2', 'l1', 'l3'], ['l4']]);
    expect(ids(stepLesson(outline(), 'l3', -1))).toEqual([['l1', 'l3', 'l2'], ['l4']]);
  });

  it('steps a lesson across a section edge, to the start of the next or the end of the previous', () => {
    expect(ids(stepLesson(outline(), 'l3', 1))).toEqual([
      ['l1', 'l2'],
      ['l3', 'l4'],
    ]);
    expect(ids(stepLesson(outline(), 'l4', -1))).toEqual([['l1', 'l2', 'l3', 'l4'], []]);
  });

  it('stops at the ends of the outline', () => {
    const o = outline();
    expect(stepLesson(o, 'l1', -1)).toBe(o);
    expect(stepLesson(o, 'l4', 1)).toBe(o);
    expect(stepLesson(o, 'nope', 1)).toBe(o);
  });

  it('moves a lesson into an empty section and clamps the index', () => {
    const o = addSection(outline(), 'Extra');
    expect(ids(moveLessonTo(o, 'l2', 2, 99))).toEqual([['l1', 'l3'], ['l4'], ['l2']]);
  });

  it('never loses or duplicates a lesson', () => {
    let o = outline();
    for (const [id, d] of [
      ['l1', 1],
      ['l1', 1],
      ['l1', 1],
      ['l4', -1],
      ['l2', -1],
    ] as const)
      o = stepLesson(o, id, d);
    expect(o.flatMap((s) => s.lessonIds).sort()).toEqual(['l1', 'l2', 'l3', 'l4']);
  });

  it('moves sections and refuses to remove one with lessons or the last one', () => {
    expect(stepSection(outline(), 'b', -1).map((s) => s.key)).toEqual(['b', 'a']);
    expect(moveSectionTo(outline(), 'a', 5).map((s) => s.key)).toEqual(['a', 'b']);
    const o = outline();
    expect(removeSection(o, 'a')).toBe(o);
    const empty = addSection(o, 'Extra');
    expect(removeSection(empty, empty[2]?.key ?? '')).toHaveLength(2);
    const single: Outline = [{ key: 'x', id: 'x', title: 'Only', lessonIds: [] }];
    expect(removeSection(single, 'x')).toBe(single);
  });

  it('says where things are for the live region', () => {
    expect(lessonPosition(outline(), 'l2')).toBe('Position 2 of 3 in section Basics.');
    expect(sectionPosition(outline(), 'b')).toBe('Position 2 of 2.');
  });

  it('builds the body: new sections without an id, titles trimmed', () => {
    const o = addSection(outline(), '  Extra ');
    expect(outlineBody(o, 7)).toEqual({
      version: 7,
      sections: [
        { id: 'a', title: 'Basics', lessonIds: ['l1', 'l2', 'l3'] },
        { id: 'b', title: 'Advanced', lessonIds: ['l4'] },
        { title: 'Extra', lessonIds: [] },
      ],
    });
  });
});
