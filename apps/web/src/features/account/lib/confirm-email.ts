/** The deletion is confirmed when the learner typed their own email (spaces around and letter case aside). */
export const confirmsEmail = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.trim().toLowerCase() && email.trim() !== '';
