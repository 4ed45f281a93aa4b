import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIELD_MESSAGES } from '../../../../../shared/limits/messages.ts';
import { renderAt } from '../../../testing/render.tsx';
import { requests } from '../../../testing/requests.ts';
import { MISSING_CREDENTIALS } from '../api.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

describe('auth forms', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses to sign in without an email and password, with the spec message', async () => {
    renderAt('/sign-in', <SignInForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MISSING_CREDENTIALS);
  });

  it('refuses to sign up without a password, with the spec message', async () => {
    renderAt('/sign-up', <SignUpForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'pat@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must provide either an email or phone number and a password',
    );
  });

  it('checks the e-mail address before asking the server (issue 15: 7)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderAt('/sign-in', <SignInForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'pat@example');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(FIELD_MESSAGES.email);
    await waitFor(() => expect(email).toHaveFocus());
    expect(requests(fetch).filter((r) => r.includes('/auth/v1/'))).toEqual([]);
  });

  it('says on leaving the field that an address is not one', async () => {
    renderAt('/forgot-password', <ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'sam');
    await userEvent.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(FIELD_MESSAGES.email);
    await userEvent.type(screen.getByLabelText('Email'), '@example.com');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('shows no message as a field is left by pressing the submit button, whose click then checks them all', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderAt('/sign-up', <SignUpForm />);
    await user.type(screen.getByLabelText('Email'), 'pat@example');
    await user.type(screen.getByLabelText('Password'), `${'é'.repeat(36)}x`);
    const submit = screen.getByRole('button', { name: 'Sign up' });
    // The press alone: a message shown now moved the button before the release, losing the click.
    await user.pointer({ keys: '[MouseLeft>]', target: submit });
    expect(submit).toHaveFocus();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    await user.pointer({ keys: '[/MouseLeft]', target: submit });
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(requests(fetch).filter((r) => r.includes('/auth/v1/'))).toEqual([]);
  });

  it('refuses a bad address and a 73-byte password on sign-up, each next to its field, once', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderAt('/sign-up', <SignUpForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'a b@example.com');
    await userEvent.type(screen.getByLabelText('Password'), `${'é'.repeat(36)}x`);
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(FIELD_MESSAGES.email);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(FIELD_MESSAGES.passwordLong),
    );
    expect(screen.getAllByText(FIELD_MESSAGES.passwordLong)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests(fetch).filter((r) => r.includes('/auth/v1/'))).toEqual([]);
  });
});
