import type { Achievement } from '@kaushal/contract';
import { Award, BookOpen, Clock, type LucideIcon, TrendingUp } from 'lucide-react';

/** The spec's four achievement icons. */
export const ACHIEVEMENT_ICONS: Record<Achievement['icon'], LucideIcon> = {
  Award,
  Clock,
  TrendingUp,
  BookOpen,
};
