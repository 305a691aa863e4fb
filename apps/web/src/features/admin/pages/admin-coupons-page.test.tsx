import type { AdminCoupon, AdminCourseDetail, AdminCourseList } from '@kaushal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderConsolePage, stubConsoleApi, supportMe } from '../testing';
import { AdminCouponsPage } from './admin-coupons-page';

const diwali: AdminCoupon = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  code: 'DIWALI20',
  kind: 'percent',
  value: 20,
  label: '20% off',
  scope: 'all',
  courseIds: [],
  tierIds: [],
  startsAt: null,
  endsAt: null,
  maxRedemptions: 10,
  perLearnerLimit: 1,
  active: true,
  redemptions: 3,
  createdAt: '2026-11-01T09:00:00.000Z',
};

const launch: AdminCoupon = {
  ...diwali,
  id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  code: 'LAUNCH500',
  kind: 'fixed',
  value: 50_000,
  label: '₹500 off',
  scope: 'courses',
  courseIds: ['agents-in-production'],
  maxRedemptions: null,
  perLearnerLimit: null,
  redemptions: 0,
};

const courses: AdminCourseList = {
  items: [
    {
      id: 'agents-in-production',
      title: 'Agents in Production',
      status: 'published',
      difficulty: 'Advanced',
      pricePaise: 499_900,
      lessons: 12,
      students: 40,
      featured: false,
      updatedAt: '2026-11-01T09:00:00.000Z',
    },
    {
      id: 'rag-from-scratch',
      title: 'RAG from Scratch',
      status: 'draft',
      difficulty: 'Intermediate',
      pricePaise: 299_900,
      lessons: 8,
      students: 0,
      featured: false,
      updatedAt: '2026-11-01T09:00:00.000Z',
    },
  ],
  page: 1,
  pages: 1,
  total: 2,
};

// Only what the tier picker reads.
const agentsDetail = {
  id: 'agents-in-production',
  title: 'Agents in Production',
  tiers: [
    {
      id: 'agents-in-production-weekly',
      title: 'Weekly',
      description: '',
      pricePaise: 99_900,
      originalPricePaise: 99_900,
      accessType: 'weekly',
      orders: 2,
      archived: false,
    },
    {
      id: 'agents-in-production-old',
      title: 'Old plan',
      description: '',
      pricePaise: 9_900,
      originalPricePaise: 9_900,
      accessType: 'weekly',
      orders: 0,
      archived: true,
    },
  ],
} as unknown as AdminCourseDetail;

function stub(extra: Parameters<typeof stubConsoleApi>[0] = {}) {
  return stubConsoleApi({
    'GET /admin/coupons': () => json(200, { coupons: [diwali, launch] }),
    'GET /admin/courses': () => json(200, courses),
    'GET /admin/courses/agents-in-production': () => json(200, agentsDetail),
    ...extra,
  });
}

const renderPage = (me = undefined as Parameters<typeof renderConsolePage>[1]['me']) =>
  renderConsolePage(<AdminCouponsPage />, { route: 'coupons', path: '/admin/coupons', me });

const rowOf = async (code: string) => {
  const table = await screen.findByRole('table', { name: 'Coupons, newest first' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === code);
  if (!row) throw new Error(`no row for ${code}`);
  return row;
};

describe('Coupons', () => {
  it('lists the coupons with their discount, scope, window, use and caps, and a link for a one-course coupon', async () => {
    stub();
    renderPage();
    const user = userEvent.setup();
    const first = await rowOf('DIWALI20');
    expect(first).toHaveTextContent(/DIWALI20.*20% off.*All courses.*Always.*3 \/ 10.*1.*Active/);
    const second = await rowOf('LAUNCH500');
    // The course's title, not its id, once the courses are read.
    expect(await within(second).findByText('Agents in Production')).toBeInTheDocument();
    expect(second).toHaveTextContent(/₹500 off.*0 \/ no cap.*No cap/);
    const link = `${window.location.origin}/course/agents-in-production?coupon=LAUNCH500`;
    expect(within(second).getByText(link)).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Copy link/ })).not.toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Copy link for LAUNCH500' }));
    expect(await within(second).findByText('Link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('creates a coupon: the code in capitals, a fixed amount typed in rupees sent in paise, the window with its offset', async () => {
    const api = stub({
      'POST /admin/coupons': ({ body }) => json(200, { ...launch, ...(body as object), id: launch.id }),
    });
    renderPage();
    const user = userEvent.setup();
    await rowOf('DIWALI20');
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.type(within(dialog).getByLabelText(/^Code/), 'launch-499');
    await user.selectOptions(within(dialog).getByLabelText(/^Kind/), 'fixed');
    await user.type(within(dialog).getByLabelText(/^Discount \(₹\)/), '499.50');
    await user.selectOptions(within(dialog).getByLabelText(/^Applies to/), 'courses');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Agents in Production' }));
    expect(within(dialog).getByRole('checkbox', { name: 'RAG from Scratch (draft)' })).not.toBeChecked();
    fireEvent.change(within(dialog).getByLabelText(/^Starts/), { target: { value: '2026-12-01T09:00' } });
    await user.type(within(dialog).getByLabelText(/^Total cap/), '100');
    expect(within(dialog).getByLabelText(/^Per-learner cap/)).toHaveValue('1');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    expect(await screen.findByText('Coupon LAUNCH-499 created.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [body] = api.sent('POST /admin/coupons');
    expect(body).toEqual({
      code: 'LAUNCH-499',
      kind: 'fixed',
      value: 49_950,
      scope: 'courses',
      courseIds: ['agents-in-production'],
      tierIds: [],
      startsAt: expect.stringMatching(/^2026-12-01T09:00:00[+-]\d{2}:\d{2}$/),
      endsAt: null,
      maxRedemptions: 100,
      perLearnerLimit: 1,
      active: true,
    });
    expect(Date.parse((body as { startsAt: string }).startsAt)).toBe(new Date('2026-12-01T09:00').getTime());
  });

  it("shows the API's refusals next to their fields and keeps the dialog open", async () => {
    let attempt = 0;
    stub({
      'POST /admin/coupons': () =>
        ++attempt === 1
          ? json(409, { code: 'coupon_code_taken', detail: 'A coupon with the code DIWALI20 already exists.' })
          : json(400, {
              code: 'invalid_request',
              detail: 'Invalid request body: perLearnerLimit: Too big: expected number to be <=1000',
            }),
    });
    renderPage();
    const user = userEvent.setup();
    await rowOf('DIWALI20');
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    const code = within(dialog).getByLabelText(/^Code/);
    await user.type(code, 'diwali20');
    await user.type(within(dialog).getByLabelText(/^Discount \(%\)/), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText('A coupon with the code DIWALI20 already exists.')).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(/A coupon with the code DIWALI20 already exists\./);
    expect(code).toHaveFocus();

    await user.clear(code);
    await user.type(code, 'DIWALI15');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    const perLearner = within(dialog).getByLabelText(/^Per-learner cap/);
    expect(await within(dialog).findByText('Too big: expected number to be <=1000.')).toBeInTheDocument();
    expect(perLearner).toHaveAttribute('aria-invalid', 'true');
    expect(perLearner).toHaveFocus();
  });

  it('refuses what it can read as wrong before asking the API', async () => {
    const api = stub();
    renderPage();
    const user = userEvent.setup();
    await rowOf('DIWALI20');
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.type(within(dialog).getByLabelText(/^Code/), 'x');
    await user.type(within(dialog).getByLabelText(/^Discount \(%\)/), '120');
    await user.selectOptions(within(dialog).getByLabelText(/^Applies to/), 'courses');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(within(dialog).getByLabelText(/^Code/)).toHaveAccessibleDescription(/3 to 32 letters/);
    expect(within(dialog).getByLabelText(/^Discount/)).toHaveAccessibleDescription(/from 1 to 100/);
    expect(await within(dialog).findByText('Choose at least one course.')).toBeInTheDocument();
    expect(api.sent('POST /admin/coupons')).toEqual([]);
  });

  it("offers the chosen courses' pricing tiers for a tier coupon and sends the tiers only", async () => {
    const api = stub({ 'POST /admin/coupons': ({ body }) => json(200, { ...diwali, ...(body as object) }) });
    renderPage();
    const user = userEvent.setup();
    await rowOf('DIWALI20');
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.type(within(dialog).getByLabelText(/^Code/), 'WEEKLY50');
    await user.type(within(dialog).getByLabelText(/^Discount \(%\)/), '50');
    await user.selectOptions(within(dialog).getByLabelText(/^Applies to/), 'tiers');
    expect(within(dialog).getByText('Choose courses above to see their pricing tiers.')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Agents in Production' }));
    const tiers = within(dialog).getByRole('group', { name: 'Pricing tiers' });
    await user.click(await within(tiers).findByRole('checkbox', { name: 'Agents in Production: Weekly · ₹999' }));
    // An archived tier is not offered for a new coupon.
    expect(within(tiers).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon WEEKLY50 created.')).toBeInTheDocument();
    expect(api.sent('POST /admin/coupons')).toEqual([
      expect.objectContaining({ scope: 'tiers', courseIds: [], tierIds: ['agents-in-production-weekly'] }),
    ]);
  });

  it('edits a coupon, sending only what changed, and switches one off from its row', async () => {
    const api = stub({
      'PATCH /admin/coupons/7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d': ({ body }) =>
        json(200, { ...launch, ...(body as object) }),
      'PATCH /admin/coupons/6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f': ({ body }) =>
        json(200, { ...diwali, ...(body as object) }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await rowOf('LAUNCH500')).getByRole('button', { name: 'Edit LAUNCH500' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon LAUNCH500' });
    expect(within(dialog).queryByLabelText(/^Code/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Discount \(₹\)/)).toHaveValue('500');
    expect(await within(dialog).findByRole('checkbox', { name: 'Agents in Production' })).toBeChecked();
    await user.type(within(dialog).getByLabelText(/^Total cap/), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('Coupon LAUNCH500 saved.')).toBeInTheDocument();
    expect(api.sent('PATCH /admin/coupons/7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d')).toEqual([{ maxRedemptions: 20 }]);

    await user.click(within(await rowOf('DIWALI20')).getByRole('button', { name: 'Deactivate DIWALI20' }));
    expect(await screen.findByText('Coupon DIWALI20 deactivated.')).toBeInTheDocument();
    expect(api.sent('PATCH /admin/coupons/6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f')).toEqual([{ active: false }]);
  });

  it("keeps a redeemed coupon's kind and value", async () => {
    stub();
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await rowOf('DIWALI20')).getByRole('button', { name: 'Edit DIWALI20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon DIWALI20' });
    expect(within(dialog).getByLabelText(/^Kind/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Discount \(%\)/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Discount \(%\)/)).toHaveAccessibleDescription(/Already redeemed/);
  });

  it('is for admins only', async () => {
    stub();
    renderPage(supportMe);
    expect(await screen.findByText(/This section is for staff with the admin role/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New coupon' })).not.toBeInTheDocument();
  });
});
