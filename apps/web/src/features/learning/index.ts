/**
 * The learning feature's public surface, for the course page:
 *
 *   const player = useOpenLesson(course);
 *   <LessonList onSelectLesson={player.openLesson} />
 *   <Button onClick={() => void player.startFreeLesson()}>Start Free Lesson</Button>
 *   <LessonPlayerDialog course={course} {...player.dialogProps}   // lazy(() => import('…/lesson-player-dialog'))
 *     onFreeLessonCompleted={showPricing} onCourseDataStale={refetchCourse} onChooseTier={pay} />
 *   // When the player closes: progressSavesSettled().then(refetchWhatShowsProgress)
 *   <CourseNotesForLearners course={course} onOpenNote={(lesson, atSeconds) => player.openLesson(lesson, { atSeconds })} />
 */
export { progressSavesSettled } from './api/save-progress';
// "Your notes" through its loader only: a re-export of course-notes.tsx would put it into every visitor's course page.
export type { CourseNotesProps } from './components/course-notes';
export { CourseNotesForLearners } from './components/course-notes-for-learners';
// The player itself (and its parts: the shortcuts dialog…) is not re-exported: the course page loads
// components/lesson-player-dialog.tsx with import() when a lesson opens, and a re-export here would put it back
// into the page's own code (decision 036).
export type { LessonPlayerDialogProps, PlayerCourse } from './components/lesson-player-dialog';
export { type OpenLessonOutcome, useOpenLesson } from './hooks/use-open-lesson';
export { opensEveryLesson } from './lib/lesson-navigation';
