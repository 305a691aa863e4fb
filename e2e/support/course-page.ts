import { expect, type Page } from '@playwright/test';

/** Locators and API helpers for the course page, the player and the payment sandbox (learner journeys). */

/** The one titled toast on screen (spec: one visible at a time). */
export const toastWith = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });

export const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Enrollment' });
export const lessonRows = (page: Page) => page.getByRole('region', { name: /^Lessons/ }).getByRole('listitem');
export const lessonButton = (page: Page, title: string) =>
  page.getByRole('region', { name: /^Lessons/ }).getByRole('button', { name: new RegExp(escapeRegExp(title)) });
export const plans = (page: Page) => sidePanel(page).getByRole('group', { name: 'Choose your plan' });
/** The payment sandbox's checkout: a native modal <dialog> titled 'Test payment'. */
export const checkout = (page: Page) => page.getByRole('dialog', { name: 'Test payment' });
export const player = (page: Page, lessonTitle: string) => page.getByRole('dialog', { name: lessonTitle });

export function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An API call as the signed-in browser makes it (its cookies, our Origin); expects 200 and returns the body. */
export async function api<T = Record<string, unknown>>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(`${origin}/api/v1${path}`, { method, data, headers: { origin } });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

export interface CourseAccessView {
  isEnrolled: boolean;
  hasCompletedFreeLesson: boolean;
  enrollmentStatus: { enrolled: boolean; status: string; message: string } | null;
}

export const courseAccess = (page: Page, courseId: string) =>
  api<CourseAccessView>(page, 'GET', `/courses/${courseId}`);

/**
 * Buys a course without the page: an order, the sandbox's genuinely signed payment, then the real verify.
 * For tests whose subject is what an enrolled learner sees, not the checkout. Returns the order and payment
 * (what a refund names) and the amount paid in paise.
 */
export async function buyThroughApi(
  page: Page,
  courseId: string,
  pricingTierId?: string,
): Promise<{ orderId: string; paymentId: string; amountPaise: number }> {
  const order = await api<{ orderId: string; amount: number }>(page, 'POST', '/payments/create-order', {
    courseId,
    ...(pricingTierId ? { pricingTierId } : {}),
  });
  const payment = await api<{ razorpay_payment_id: string }>(page, 'POST', '/payments/sandbox/pay', {
    orderId: order.orderId,
  });
  await api(page, 'POST', '/payments/verify', payment);
  return { orderId: order.orderId, paymentId: payment.razorpay_payment_id, amountPaise: order.amount };
}
