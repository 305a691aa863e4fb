import type { CourseDetail, LessonSummary } from '@kaushal/contract';
import { PlayCircle, RotateCcw } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { nextStep, nextStepLabel } from '../lib/lesson-progress';

export interface NextStepButtonProps {
  course: Pick<CourseDetail, 'lessons' | 'lessonProgress'>;
  onOpenLesson: (lesson: LessonSummary) => void;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * An enrolled learner's way in (issue 15): Start course, Continue: Lesson N (the first lesson not completed,
 * with its title), or Watch again when every lesson is done. Opens the player like a click on the lesson.
 */
export function NextStepButton({ course, onOpenLesson, className, ref }: NextStepButtonProps) {
  const step = nextStep(course);
  if (!step) return null;
  const Icon = step.kind === 'again' ? RotateCcw : PlayCircle;
  return (
    <Button
      ref={ref}
      size="lg"
      className={cn('h-auto min-h-12 w-full py-2', className)}
      onClick={() => onOpenLesson(step.lesson)}
    >
      <Icon aria-hidden="true" />
      <span className="flex min-w-0 flex-col items-start text-left">
        <span>{nextStepLabel(step)}</span>{' '}
        {step.kind === 'continue' && (
          <span className="max-w-full truncate text-xs font-normal">{step.lesson.title}</span>
        )}
      </span>
    </Button>
  );
}
