import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';

describe('Field', () => {
  it('labels its control, marks it required with a hidden asterisk, and takes maxLength from the limit', () => {
    render(
      <Field id="name" label="Full Name" required limit={100}>
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Full Name' });
    expect(input).toHaveAttribute('id', 'name');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('maxlength', '100');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('leaves out what it is not given: no asterisk, required or maxLength; an id of its own', () => {
    render(<Field label="Phone Number">{(control) => <Input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'Phone Number' });
    expect(input.id).not.toBe('');
    expect(input).not.toBeRequired();
    expect(input).not.toHaveAttribute('maxlength');
    expect(screen.queryByText('*')).not.toBeInTheDocument();
  });

  it('describes the control with its hint and error, and marks it invalid on an error', () => {
    render(
      <Field id="email" label="Email" hint="We reply to this address." error="Email must be a valid email address.">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-describedby', 'email-hint email-error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We reply to this address. Email must be a valid email address.');
  });

  it('counts characters against the limit when given the count', async () => {
    function Counted() {
      const [value, setValue] = useState('');
      return (
        <Field id="message" label="Message" limit={5} count={value.length}>
          {(control) => <Input {...control} value={value} onChange={(e) => setValue(e.target.value)} />}
        </Field>
      );
    }
    render(<Counted />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveAttribute('aria-describedby', 'message-count');
    expect(input).toHaveAccessibleDescription('0 / 5 characters');
    await userEvent.type(input, 'Hello, world');
    expect(input).toHaveValue('Hello');
    expect(document.getElementById('message-count')).toHaveTextContent('5 / 5 characters');
    expect(document.getElementById('message-count')).toHaveClass('text-danger');
  });
});
