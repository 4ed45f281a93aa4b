import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../testing/render.tsx';
import { MISSING_CREDENTIALS } from '../api.ts';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

describe('auth forms', () => {
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
});
