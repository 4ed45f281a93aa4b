import { useEffect, useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { describeError } from '../../../lib/errors.ts';
import { type InvitationPreview, previewInvitation } from '../api.ts';
import { acceptInvitation, declineInvitation } from '../store.ts';

const ANSWERED: Record<Exclude<InvitationPreview['status'], 'pending'>, string> = {
  accepted: 'This invitation has already been accepted.',
  declined: 'This invitation was declined.',
  revoked: 'This invitation was withdrawn.',
  expired: 'This invitation has expired. Ask for a new one.',
};

/** An invitation link, opened: who invites to which household, and the answer. */
export function JoinPage({ token, onJoined }: { token: string; onJoined: () => void }) {
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [declined, setDeclined] = useState(false);
  useEffect(() => {
    previewInvitation(token)
      .then(setPreview)
      .catch((e: unknown) => setError(describeError(e).message));
  }, [token]);
  const answer = (action: Promise<void>, then: () => void) => {
    setPending(true);
    setError(null);
    action
      .then(then)
      .catch((e: unknown) => setError(describeError(e).message))
      .finally(() => setPending(false));
  };
  if (!preview && !error) return <Skeleton lines={2} label="Opening the invitation..." />;
  return (
    <Page title={preview ? `Join ${preview.household_name}` : 'Invitation'}>
      <FormError message={error} />
      {preview && declined ? <p>You declined. Nothing has changed.</p> : null}
      {preview && !declined && preview.status !== 'pending' ? <p>{ANSWERED[preview.status]}</p> : null}
      {preview && !declined && preview.status === 'pending' ? (
        <div className="card">
          <p>
            {preview.invited_by ?? 'Someone'} invited you to join <strong>{preview.household_name}</strong>.
            You will share its meal plan, cooks, pantry and shopping list, and see each other's changes as
            they happen. Your own household and recipes stay yours.
          </p>
          {preview.already_member ? <p className="muted">You are already in this household.</p> : null}
          <div className="button-row">
            <button
              type="button"
              className="button primary"
              disabled={pending}
              onClick={() => answer(acceptInvitation(token), onJoined)}
            >
              Accept and join
            </button>
            <button
              type="button"
              className="button ghost"
              disabled={pending}
              onClick={() => answer(declineInvitation(token), () => setDeclined(true))}
            >
              Decline
            </button>
          </div>
        </div>
      ) : null}
    </Page>
  );
}
