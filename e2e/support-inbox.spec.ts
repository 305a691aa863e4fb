import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { type RunningProduct, startProduct } from './support/product.ts';
import { setRolesByEmail, signInWithStandIn } from './support/stand-in.ts';

/**
 * The support inbox (issue 20, decision 025) in the embedded default: a learner writes through the contact form;
 * a member of support finds the ticket in the console, sees the time left, takes it, notes, replies (the reply
 * lands in the development mailbox with the ticket id) and closes it; then finds the learner and grants a course.
 * A product of its own (the sign-in stand-in and a mailbox holding only this file's mail).
 */
let product: RunningProduct;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.stop();
});
test.describe.configure({ mode: 'serial' });

const suffix = randomUUID().slice(0, 6);
const learner = { name: `Priya Learner ${suffix}`, email: `priya-${suffix}@example.com` };
const support = { name: `Sam Support ${suffix}`, email: `sam-${suffix}@example.com` };
const subject = `The player stops ${suffix}`;
const replyText = 'Please update your browser and try lesson 3 again.';
const noteText = `Same as last week's CDN issue ${suffix}`;
let ticketId = '';

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console' });
const outcome = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A page signed in as the support member (the account made on first sign-in, the role given by the demo admin). */
async function supportPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithStandIn(page, support, product.baseUrl);
  const admin = await (await browser.newContext()).newPage();
  await signInWithStandIn(admin, 'demo admin', product.baseUrl);
  await setRolesByEmail(admin, product.baseUrl, support.email, ['support']);
  await admin.context().close();
  return page;
}

test('a learner writes; support takes the ticket, notes, replies by email with the ticket id and closes it', async ({
  page,
  browser,
}) => {
  // Two people, six page loads and four axe checks: past 60 s on a busy 2-core machine, so 150 s.
  test.setTimeout(150_000);
  // The learner, signed in, writes about a technical problem: a ticket id comes back.
  await signInWithStandIn(page, learner, product.baseUrl);
  await page.goto(`${product.baseUrl}/contact-us`);
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel(/^Full Name/).fill(learner.name);
  await form.getByLabel(/^Email Address/).fill(learner.email);
  await form.getByLabel(/^Subject/).fill(subject);
  await form.getByLabel(/^Category/).selectOption('technical');
  await form.getByLabel(/^Message/).fill('Lesson 3 of the RAG course stops after two minutes.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' });
  await expect(sent).toContainText('within 24 hours (2 hours if you cannot sign in, pay or play a lesson)');
  ticketId = /Ticket #(TKT-\d{8}-[0-9A-Z]{6})/.exec((await sent.textContent()) ?? '')?.[1] ?? '';
  expect(ticketId).not.toBe('');

  // Support finds it in the inbox (open tickets, newest first), with the 2-hour target running.
  const staff = await supportPage(browser);
  await staff.goto(`${product.baseUrl}/admin`);
  await consoleNav(staff).getByRole('link', { name: 'Support inbox' }).click();
  await expect(staff.getByRole('heading', { level: 2, name: 'Support inbox' })).toBeVisible();
  const row = staff.getByRole('table', { name: 'Tickets matching the filters' }).getByRole('row').filter({
    hasText: ticketId,
  });
  await expect(row).toContainText(/Technical Support.*Critical.*Open.*Unassigned.*1 h 5\d min left.*Target 2 h/);
  await expectNoAxeViolations(staff, 'the support inbox');
  await row.getByRole('link', { name: subject }).click();

  // The ticket: the learner's message, the account it came from, the target; support takes it.
  await expect(staff.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(staff.getByRole('article', { name: `${learner.name} wrote` })).toContainText('stops after two minutes');
  await expect(staff.getByRole('region', { name: 'Learner' }).getByRole('link', { name: learner.name })).toBeVisible();
  await expect(staff.getByText(/^1 h 5\d min left$/)).toBeVisible();
  await staff.getByRole('button', { name: 'Assign to me' }).click();
  await expect(outcome(staff, 'The ticket is assigned to you.')).toBeVisible();
  await expect(staff.getByLabel('Assignee')).toHaveValue(/.+/);

  const note = staff.getByRole('region', { name: 'Internal note' });
  await note.getByLabel(/^Note/).fill(noteText);
  await note.getByRole('button', { name: 'Add note' }).click();
  await expect(outcome(staff, 'Note added. Only staff see it.')).toBeVisible();
  await expect(staff.getByRole('article', { name: `Internal note by ${support.name}` })).toContainText(noteText);

  const reply = staff.getByRole('region', { name: 'Reply to the learner' });
  await reply.getByLabel(/^Reply/).fill(replyText);
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(outcome(staff, `Reply emailed to ${learner.email}. The ticket is waiting on learner.`)).toBeVisible();
  await expect(staff.getByText('Answered', { exact: true })).toBeVisible();
  await expectNoAxeViolations(staff, 'a ticket (default theme)');
  const origin = product.baseUrl;
  const light = await staff.request.put(`${origin}/api/v1/users/me/settings`, {
    headers: { origin },
    data: { theme: 'light' },
  });
  expect(light.status()).toBe(200);
  await staff.reload();
  await expect(staff.locator('html')).toHaveClass(/\blight\b/);
  await expect(staff.getByRole('article', { name: `${support.name} replied (emailed)` })).toContainText(replyText);
  await expectNoAxeViolations(staff, 'a ticket (light)');
  await staff.goto(`${product.baseUrl}/admin/inbox?status=any`);
  await expect(staff.getByRole('row').filter({ hasText: ticketId })).toContainText('Waiting on learner');
  await expectNoAxeViolations(staff, 'the support inbox (light)');
  await staff.goBack();

  // Closed from the ticket's side panel.
  const manage = staff.getByRole('region', { name: 'Ticket', exact: true });
  await manage.getByLabel('Status').selectOption('closed');
  await manage.getByRole('button', { name: 'Save changes' }).click();
  await expect(outcome(staff, 'Ticket saved.')).toBeVisible();
  await staff.goto(`${product.baseUrl}/admin/inbox?status=closed`);
  await expect(staff.getByRole('row').filter({ hasText: ticketId })).toContainText(/Closed.*Closed/);

  // The reply is in the development mailbox, to the learner, naming the ticket; the note is in no email.
  await staff.goto(`${product.baseUrl}/dev/mailbox`);
  const mails = staff.getByRole('table', { name: 'Email in the mailbox, newest first' }).getByRole('row');
  await expect(mails.filter({ hasText: noteText })).toHaveCount(0);
  await mails
    .filter({ hasText: learner.email })
    .getByRole('link', { name: `Re: ${subject} [${ticketId}]` })
    .click();
  const text = staff.locator('pre');
  await expect(text).toContainText(replyText);
  await expect(text).toContainText(`Ticket: ${ticketId}`);
  await expect(text).toContainText(`include your ticket id ${ticketId} in the subject or message`);
  await expect(text).not.toContainText(noteText);
  await staff.context().close();
});

test('support finds the learner in the console and grants them a course', async ({ browser }) => {
  test.setTimeout(90_000);
  const staff = await (await browser.newContext()).newPage();
  await signInWithStandIn(staff, support, product.baseUrl);
  // On a phone, the inbox and a ticket do not scroll sideways (tables scroll inside their own frame).
  await staff.setViewportSize({ width: 375, height: 800 });
  for (const [path, ready] of [
    ['/admin/inbox?status=any', 'Support inbox'],
    [`/admin/inbox/${ticketId}`, subject],
  ] as const) {
    await staff.goto(`${product.baseUrl}${path}`);
    await expect(staff.getByRole('heading', { level: 2, name: ready })).toBeVisible();
    const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  }
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.goto(`${product.baseUrl}/admin/learners`);
  await staff.getByLabel('Search by name or email').fill(learner.email);
  await staff.getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: learner.name }).click();
  await expect(staff.getByRole('heading', { level: 2, name: learner.name })).toBeVisible();
  // The ticket is among the learner's messages.
  await expect(staff.getByRole('region', { name: 'Messages' })).toContainText(ticketId);

  await staff.getByRole('button', { name: 'Grant access' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Grant access to a course' });
  await dialog.getByLabel(/^Course/).selectOption({ label: 'RAG from Scratch' });
  await dialog.getByLabel(/^Reason/).fill(`Goodwill for ticket ${ticketId}`);
  await dialog.getByRole('button', { name: 'Grant access' }).click();
  await expect(dialog).toBeHidden();
  const enrollments = staff.getByRole('table', { name: 'Enrollments, newest first' });
  await expect(enrollments.getByRole('row').filter({ hasText: 'RAG from Scratch' })).toContainText(
    /Lifetime.*Granted by staff.*Active/,
  );
  await staff.context().close();
});
