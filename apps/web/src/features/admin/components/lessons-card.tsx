import type { AdminCourseDetail } from '@kaushal/contract';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ConsoleCard } from './console-card';

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const VIDEO = { direct: 'Uploaded video', youtube: 'YouTube' } as const;

/**
 * The course's outline, read only: each section with its lessons in order. Writing lessons, uploads and
 * arranging sections come in a later part of the console.
 */
export function LessonsCard({ course }: { course: AdminCourseDetail }) {
  const lessons = new Map(course.lessons.map((lesson) => [lesson.id, lesson]));
  let number = 0;
  return (
    <ConsoleCard id="lessons-title" title={`Lessons (${course.lessons.length})`}>
      <p className="text-sm text-muted">
        Read only for now: writing lessons, uploading videos and captions, and arranging lessons in sections come in a
        later release of the console.
      </p>
      {course.lessons.length === 0 ? (
        <p className="text-sm">This course has no lessons yet.</p>
      ) : (
        course.sections.map((section, index) => (
          <div key={section.id} className="space-y-2">
            <h4 className="font-semibold">
              Section {index + 1}: {section.title}
            </h4>
            {section.lessonIds.length === 0 ? (
              <p className="text-sm text-muted">No lessons in this section.</p>
            ) : (
              <Table caption={`Lessons of section ${index + 1}, in order`}>
                <TableHead>
                  <TableRow>
                    <TableHeader className="text-right">#</TableHeader>
                    <TableHeader>Title</TableHeader>
                    <TableHeader>Preview</TableHeader>
                    <TableHeader className="text-right">Length</TableHeader>
                    <TableHeader>Video</TableHeader>
                  </TableRow>
                </TableHead>
                <tbody>
                  {section.lessonIds.map((id) => {
                    const lesson = lessons.get(id);
                    if (!lesson) return null;
                    number += 1;
                    return (
                      <TableRow key={id}>
                        <TableCell className="text-right tabular-nums">{number}</TableCell>
                        <TableCell className="min-w-48">{lesson.title}</TableCell>
                        <TableCell>{lesson.isFree ? 'Free' : 'Enrolled only'}</TableCell>
                        <TableCell className="text-right tabular-nums">{minutes(lesson.durationSeconds)}</TableCell>
                        <TableCell className="whitespace-nowrap">
                          {lesson.videoType ? VIDEO[lesson.videoType] : 'None'}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </tbody>
              </Table>
            )}
          </div>
        ))
      )}
    </ConsoleCard>
  );
}
