import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toasters } from '@/components/ui/toaster';
import { stubApi } from '@/lib/session/testing';
import { ContactForm, useContactForm } from './contact-form';

function Form() {
  const form = useContactForm();
  return <ContactForm form={form} />;
}

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Form />
      <Toasters />
    </QueryClientProvider>,
  );
}

const control = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('ContactForm', () => {
  it("labels every field, marks the required ones, and limits lengths to the contract's", () => {
    renderForm();
    const expected = [
      ['Full Name', true, '100'],
      ['Email Address', true, '254'],
      ['Phone Number', false, '30'],
      ['Category', true, null],
      ['Subject', true, '200'],
      ['Message', true, '5000'],
    ] as const;
    for (const [label, required, maxLength] of expected) {
      const field = control(label);
      expect(field.hasAttribute('required'), label).toBe(required);
      expect(field.getAttribute('maxlength'), label).toBe(maxLength);
      expect(field).not.toHaveAttribute('aria-invalid');
    }
    expect(control('Full Name')).toHaveAttribute('id', 'contact-name');
    expect(control('Email Address')).toHaveAttribute('type', 'email');
    expect(control('Phone Number')).toHaveAccessibleName('Phone Number (optional)');
    expect(control('Message')).toHaveAttribute('rows', '6');
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toBe(control('Full Name'));
  });

  it("says 'Missing Information' and sends nothing while a required field is blank", async () => {
    const calls = stubApi({});
    renderForm();
    await userEvent.type(control('Full Name'), 'Asha Menon');
    await userEvent.type(control('Email Address'), 'asha@example.com');
    await userEvent.selectOptions(control('Category'), 'billing');
    await userEvent.type(control('Subject'), '   ');
    await userEvent.type(control('Message'), 'Where is my certificate?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
