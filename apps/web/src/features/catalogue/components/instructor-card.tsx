import { GraduationCap } from 'lucide-react';
import { Card, CardTitle } from '@/components/ui/card';
import { initialsOf } from '@/components/ui/user-avatar';
import { t } from '@/lib/i18n/i18n';
import { instructorOf } from '../lib/course-defaults';

/** The course's instructor, or the product's generic AI-expert label when the course names none. */
export function InstructorCard({ instructor }: { instructor: string }) {
  const name = instructorOf(instructor);
  const named = instructor.trim() !== '';
  return (
    <Card>
      <CardTitle>{t('Your instructor')}</CardTitle>
      <div className="mt-4 flex items-center gap-4">
        <span
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent/15 font-semibold text-accent"
          aria-hidden="true"
        >
          {named ? initialsOf(name) : <GraduationCap className="size-6" />}
        </span>
        <div>
          <p className="font-semibold">{name}</p>
          <p className="text-sm text-muted">{t('Industry practitioner teaching hands-on AI engineering')}</p>
        </div>
      </div>
    </Card>
  );
}
