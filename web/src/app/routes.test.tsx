import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auth, endSession } from '../features/auth/store.ts';
import { renderAt } from '../testing/render.tsx';
import { setStatus } from '../testing/session.ts';
import { AppRoutes, preloadScreen } from './routes.tsx';

describe('routes and guards (spec 2)', () => {
  it('sends a visitor without a session to /sign-in, remembering where they were going', async () => {
    setStatus('signed-out');
    const { location } = renderAt('/planner', <AppRoutes />);
    await waitFor(() => expect(location.history.at(-1)).toBe('/sign-in?next=%2Fplanner'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('keeps the query of the page the visitor was going to', async () => {
    setStatus('signed-out');
    const { location } = renderAt('/recipes/abc?tab=1', <AppRoutes />);
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(`/sign-in?next=${encodeURIComponent('/recipes/abc?tab=1')}`),
    );
  });

  it('sends a signed-in user on /sign-in back to where they were going', async () => {
    setStatus('signed-in');
    const { location } = renderAt('/sign-in?next=%2Fplanner', <AppRoutes />);
    await waitFor(() => expect(location.history.at(-1)).toBe('/planner'));
  });

  it('sends a signed-in user on /sign-up to /', async () => {
    setStatus('signed-in');
    const { location } = renderAt('/sign-up', <AppRoutes />);
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('never follows a redirect target off the site', async () => {
    setStatus('signed-in');
    const { location } = renderAt('/sign-in?next=%2F%2Fevil.example', <AppRoutes />);
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('renders nothing of a private route while the session is unknown', async () => {
    setStatus('loading');
    const { location } = renderAt('/pantry', <AppRoutes />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(location.history).toEqual(['/pantry']);
  });

  it('renders public routes while the session is unknown', async () => {
    setStatus('loading');
    renderAt('/privacy-policy', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByText(/Australian Privacy Principles/)).toBeInTheDocument();
  });

  it('shows the sign-up form with its labelled fields to visitors', async () => {
    setStatus('signed-out');
    renderAt('/sign-up', <AppRoutes />);
    expect(await screen.findByLabelText('Full name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('keeps a stored session it has not confirmed on /sign-in, and shows the form if it has ended (issue 15: 6)', async () => {
    setStatus('stored');
    const { location } = renderAt('/sign-in', <AppRoutes />);
    // Waiting for the server's word, not sending the person to the page behind a revoked session.
    expect(location.history).toEqual(['/sign-in']);
    await act(async () => endSession());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
    expect(location.history).toEqual(['/sign-in']);
    expect(auth.status).toBe('signed-out');
  });

  it('sends a confirmed session on from /sign-in as before', async () => {
    setStatus('stored');
    const { location } = renderAt('/sign-in', <AppRoutes />);
    await act(async () => {
      auth.confirmed = true;
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('draws the screen a page opened on once its code is here, with the spinner until then', async () => {
    setStatus('signed-out');
    // A screen no other test here opens, so its code is not here yet.
    void preloadScreen('/terms-of-service');
    renderAt('/terms-of-service', <AppRoutes />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
