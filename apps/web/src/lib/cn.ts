import { type ClassValue, clsx } from 'clsx';
import { mergeClasses } from './merge-classes';

/** Class lists joined, a later class replacing an earlier one of its kind (merge-classes.ts, decision 043). */
export const cn = (...inputs: ClassValue[]) => mergeClasses(clsx(inputs));
