import type { AdminCourseDetail, OutlineBody } from '@kaushal/contract';

/**
 * The outline editor's state: sections in order, each with its lessons in order. A new section has a local key
 * (`new-…`) and no id until the outline is saved. Pure functions: every move returns a new outline.
 */
export interface OutlineSection {
  key: string;
  id: string | null;
  title: string;
  lessonIds: string[];
}
export type Outline = OutlineSection[];

export const outlineFrom = (course: Pick<AdminCourseDetail, 'sections'>): Outline =>
  course.sections.map((s) => ({ key: s.id, id: s.id, title: s.title, lessonIds: [...s.lessonIds] }));

export const outlineBody = (outline: Outline, version: number): OutlineBody => ({
  version,
  sections: outline.map((s) => ({
    ...(s.id ? { id: s.id } : {}),
    title: s.title.trim(),
    lessonIds: s.lessonIds,
  })),
});

/** Where a lesson sits: its section's index and its index in that section, or null. */
export function findLesson(outline: Outline, lessonId: string): { section: number; index: number } | null {
  for (let section = 0; section < outline.length; section += 1) {
    const index = outline[section]?.lessonIds.indexOf(lessonId) ?? -1;
    if (index >= 0) return { section, index };
  }
  return null;
}

/** Moves a lesson to section `toSection` at `toIndex` (clamped to that section's length after removal). */
export function moveLessonTo(outline: Outline, lessonId: string, toSection: number, toIndex: number): Outline {
  const from = findLesson(outline, lessonId);
  if (!from || toSection < 0 || toSection >= outline.length) return outline;
  const next = outline.map((s) => ({ ...s, lessonIds: s.lessonIds.filter((id) => id !== lessonId) }));
  const target = next[toSection]?.lessonIds;
  if (!target) return outline;
  const index = Math.max(0, Math.min(toIndex, target.length));
  target.splice(index, 0, lessonId);
  return next;
}

/**
 * One keyboard step: up/down within the section, and across a section's edge into the neighbour (the end of
 * the previous one, the start of the next one). Returns the same outline when the lesson cannot move further.
 */
export function stepLesson(outline: Outline, lessonId: string, direction: -1 | 1): Outline {
  const at = findLesson(outline, lessonId);
  if (!at) return outline;
  const length = outline[at.section]?.lessonIds.length ?? 0;
  const inside = at.index + direction;
  if (inside >= 0 && inside < length) return moveLessonTo(outline, lessonId, at.section, inside);
  const section = at.section + direction;
  if (section < 0 || section >= outline.length) return outline;
  return moveLessonTo(outline, lessonId, section, direction === 1 ? 0 : (outline[section]?.lessonIds.length ?? 0));
}

/** Moves a section by one place up or down; the same outline at either end. */
export function stepSection(outline: Outline, key: string, direction: -1 | 1): Outline {
  const from = outline.findIndex((s) => s.key === key);
  return moveSectionTo(outline, key, from + direction);
}

export function moveSectionTo(outline: Outline, key: string, toIndex: number): Outline {
  const from = outline.findIndex((s) => s.key === key);
  if (from < 0 || toIndex < 0 || toIndex >= outline.length || toIndex === from) return outline;
  const next = [...outline];
  const [moved] = next.splice(from, 1);
  if (!moved) return outline;
  next.splice(toIndex, 0, moved);
  return next;
}

let counter = 0;
export function addSection(outline: Outline, title: string): Outline {
  counter += 1;
  return [...outline, { key: `new-${Date.now().toString(36)}-${counter}`, id: null, title, lessonIds: [] }];
}

export const renameSection = (outline: Outline, key: string, title: string): Outline =>
  outline.map((s) => (s.key === key ? { ...s, title } : s));

/** Removes an empty section (a section with lessons stays: move them first); never the last one. */
export function removeSection(outline: Outline, key: string): Outline {
  const section = outline.find((s) => s.key === key);
  if (!section || section.lessonIds.length > 0 || outline.length <= 1) return outline;
  return outline.filter((s) => s.key !== key);
}

/** Whether two outlines differ (order, sections, titles). */
export const sameOutline = (a: Outline, b: Outline) =>
  JSON.stringify(a.map((s) => [s.key, s.title, s.lessonIds])) ===
  JSON.stringify(b.map((s) => [s.key, s.title, s.lessonIds]));

/** The sentence a screen reader hears after a lesson moved, e.g. "Position 2 of 5 in section Basics." */
export function lessonPosition(outline: Outline, lessonId: string): string {
  const at = findLesson(outline, lessonId);
  if (!at) return '';
  const section = outline[at.section];
  if (!section) return '';
  return `Position ${at.index + 1} of ${section.lessonIds.length} in section ${section.title || at.section + 1}.`;
}

export function sectionPosition(outline: Outline, key: string): string {
  const index = outline.findIndex((s) => s.key === key);
  return `Position ${index + 1} of ${outline.length}.`;
}
