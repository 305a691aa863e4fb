import type { Achievement } from '@kaushal/contract';
import { Award, BookOpen, Clock, GraduationCap, type LucideIcon, TrendingUp } from 'lucide-react';

/** The spec's four achievement icons, and the first certificate's. */
export const ACHIEVEMENT_ICONS: Record<Achievement['icon'], LucideIcon> = {
  Award,
  Clock,
  TrendingUp,
  BookOpen,
  GraduationCap,
};
