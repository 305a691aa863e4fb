import type { AdminMe } from '@kaushal/contract';
import { useOutletContext } from '@/lib/router';

/** What the console layout knows of the signed-in member of staff (GET /admin/me), for its pages. */
export const useConsole = () => useOutletContext<AdminMe>();

/** Admins edit every course, instructors the ones they teach; support reads only. */
export const canEditCourse = (me: AdminMe, courseId: string) =>
  me.roles.includes('admin') || me.instructorOf.includes(courseId);
