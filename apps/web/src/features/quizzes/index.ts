/**
 * The quizzes feature's public surface: the course page lists each section's quiz after its lessons, and the
 * router loads the quiz page (pages/quiz-page.tsx) lazily at /course/:id/quizzes/:quizId.
 *
 *   const quizzes = useQuery(courseQuizzesQuery(course.id));
 *   <SectionQuiz quiz={quiz} canTake={...} lessonsComplete={...} />
 */
export { courseQuizzesQuery, quizKeys } from './api/quiz-queries';
export { SectionQuiz, type SectionQuizProps } from './components/section-quiz';
