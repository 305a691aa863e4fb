import type { CourseListItem } from '@kaushal/contract';
import { HighlightedText } from '@/components/ui/highlighted-text';
import { t } from '@/lib/i18n/i18n';

/**
 * What a search result's card shows of its match (CourseCard's `match`): the title with the matched words
 * marked, the description's matching passage, and the lesson whose title matched. Undefined for a course that
 * is not a search result.
 */
export function searchResultMatch(course: CourseListItem) {
  const highlight = course.highlight;
  if (!highlight) return undefined;
  return {
    title: <HighlightedText text={course.title} ranges={highlight.title} />,
    description: highlight.description ? (
      <HighlightedText text={highlight.description.text} ranges={highlight.description.ranges} />
    ) : null,
    lesson: highlight.lesson ? (
      <p className="text-sm">
        <span className="text-muted">{t('Lesson:')} </span>
        <HighlightedText text={highlight.lesson.title} ranges={highlight.lesson.ranges} />
      </p>
    ) : null,
  };
}
