/**
 * The learning feature's public surface, for the course page:
 *
 *   const player = useOpenLesson(course);
 *   <LessonList onSelectLesson={player.openLesson} />
 *   <Button onClick={() => void player.startFreeLesson()}>Start Free Lesson</Button>
 *   <LessonPlayerDialog course={course} {...player.dialogProps}
 *     onFreeLessonCompleted={showPricing} onCourseDataStale={refetchCourse} onChooseTier={pay} />
 *   // When the player closes: progressSavesSettled().then(refetchWhatShowsProgress)
 *   <CourseNotes course={course} onOpenNote={(lesson, atSeconds) => player.openLesson(lesson, { atSeconds })} />
 */
export { progressSavesSettled } from './api/save-progress';
export { CourseNotes, type CourseNotesProps } from './components/course-notes';
export { LessonPlayerDialog, type LessonPlayerDialogProps, type PlayerCourse } from './components/lesson-player-dialog';
export { completionRule } from './components/shortcuts-dialog';
export { type OpenLessonOutcome, useOpenLesson } from './hooks/use-open-lesson';
export { opensEveryLesson } from './lib/lesson-navigation';
