import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/lib/i18n/i18n';
import { PaymentStatusPage } from './payment-status-page';
import { renderAt } from './testing';

describe('PaymentStatusPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const wait = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('shows "Processing your payment..." for 2 seconds, then the success view', async () => {
    renderAt(<PaymentStatusPage />, '/payment-status?success=true&course=rag-from-scratch');
    await wait(0);
    expect(screen.getByText('Processing your payment...')).toBeInTheDocument();
    await wait(1999);
    expect(screen.getByText('Processing your payment...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Learning' })).not.toBeInTheDocument();

    await wait(1);
    expect(screen.queryByText('Processing your payment...')).not.toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1, name: 'Payment Successful!' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', '/course/rag-from-scratch');
    expect(screen.getByRole('link', { name: 'purchase history' })).toHaveAttribute('href', '/purchases');
    expect(screen.queryByRole('link', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(document.title).toContain('Payment successful');
  });

  it('says it in the chosen language (Hindi), the support address kept in its sentence', async () => {
    await activateLanguage('hi');
    try {
      renderAt(<PaymentStatusPage />, '/payment-status?success=false&course=vector-databases');
      await wait(0);
      expect(screen.getByText('आपका भुगतान प्रोसेस हो रहा है...')).toBeInTheDocument();
      await wait(2000);
      expect(screen.getByRole('heading', { level: 1, name: 'भुगतान विफल रहा' })).toHaveFocus();
      expect(screen.getByRole('link', { name: 'फिर से कोशिश करें' })).toHaveAttribute('href', '/course/vector-databases');
      expect(screen.getByRole('link', { name: 'support@kaushal.ai' }).parentElement).toHaveTextContent(
        /अगर पैसे कट गए हैं, तो कृपया हमसे support@kaushal\.ai पर संपर्क करें।$/,
      );
      expect(document.title).toContain('भुगतान विफल रहा');
    } finally {
      await activateLanguage('en');
    }
  });

  it('shows the failure view with Try Again to the course and Back to Courses', async () => {
    renderAt(<PaymentStatusPage />, '/payment-status?success=false&course=vector-databases');
    await wait(2000);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/course/vector-databases');
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/courses');
    expect(screen.getByRole('link', { name: 'support@kaushal.ai' })).toHaveAttribute(
      'href',
      'mailto:support@kaushal.ai',
    );
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'purchase history' })).not.toBeInTheDocument();
  });

  it('treats anything but success=true as a failure, and never links to a course id it cannot trust', async () => {
    renderAt(<PaymentStatusPage />, '/payment-status?success=yes&course=..%2Fadmin');
    await wait(2000);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/courses');
  });

  it('links Start Learning to the courses when no course is given', async () => {
    renderAt(<PaymentStatusPage />, '/payment-status?success=true');
    await wait(2000);
    expect(screen.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', '/courses');
  });
});
