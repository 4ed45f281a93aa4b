import { type FormEvent, useEffect, useState } from 'react';
import { emailField, householdNameField, readField } from '../../../../../shared/limits/fields.ts';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { OneFieldForm } from '../../../components/ui/one-field-form.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConfirm } from '../../../components/ui/use-confirm.tsx';
import { describeError } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import type { InviteAnswer, Member } from '../api.ts';
import {
  handOver,
  inviteMember,
  leave,
  loadHousehold,
  removeMember,
  rename,
  switchTo,
  useHousehold,
  withdrawInvitation,
} from '../store.ts';

interface Props {
  userId: string;
  householdId: string;
}

/** The people who share this household's plan, cooks, pantry and list, and how to add more. */
export function HouseholdPage({ userId, householdId }: Props) {
  const state = useHousehold();
  const [error, setError] = useState<string | null>(null);
  const { ask, dialog } = useConfirm();
  useEffect(() => {
    void loadHousehold(userId, householdId);
  }, [userId, householdId]);
  const me = state.members.find((m) => m.user_id === userId);
  const owner = me?.role === 'owner';
  // Every action reports the database's own reason (e.g. "Hand the household over…") in one place.
  const run = (action: Promise<unknown>, done: string) => {
    setError(null);
    action.then(() => showToast(done, 'success')).catch((e: unknown) => setError(describeError(e).message));
  };
  if (!state.loaded) return <Skeleton lines={4} label="Loading your household..." />;
  return (
    <Page title={state.name ?? 'Your household'}>
      {dialog}
      <p className="muted">
        Everyone here shares one meal plan, the cooks, the pantry and the shopping list, and sees changes as
        they happen. Favourites and your own recipes stay yours unless you share a recipe.
      </p>
      <FormError message={state.failed ? 'Your household could not be loaded. Please try again.' : error} />
      {state.memberships.length > 1 ? <Switcher userId={userId} householdId={householdId} run={run} /> : null}
      {owner ? <RenameForm userId={userId} householdId={householdId} current={state.name ?? ''} /> : null}
      <section aria-labelledby="members-h" className="card">
        <h2 id="members-h">People</h2>
        <ul className="list" aria-label="People in this household">
          {state.members.map((m) => (
            <MemberRow
              key={m.user_id}
              member={m}
              isMe={m.user_id === userId}
              canManage={owner && m.user_id !== userId}
              onHandOver={() =>
                ask({
                  title: `Hand the household over to ${m.name ?? m.email}?`,
                  message: 'You will be a member.',
                  confirm: 'Make owner',
                  onConfirm: () =>
                    run(
                      handOver(userId, householdId, m.user_id),
                      `${m.name ?? m.email} now owns the household.`,
                    ),
                })
              }
              onRemove={() =>
                ask({
                  title: `Remove ${m.name ?? m.email} from the household?`,
                  message: 'They keep what they added to their own household.',
                  confirm: 'Remove',
                  onConfirm: () =>
                    run(removeMember(userId, householdId, m.user_id), `Removed ${m.name ?? m.email}.`),
                })
              }
            />
          ))}
        </ul>
      </section>
      <InviteSection userId={userId} householdId={householdId} />
      {state.invitations.length > 0 ? (
        <section aria-labelledby="invites-h" className="card">
          <h2 id="invites-h">Waiting for an answer</h2>
          <ul className="list" aria-label="Open invitations">
            {state.invitations.map((i) => (
              <li key={i.id} className="list-item">
                <span className="grow">
                  {i.email ?? 'Invitation link'}
                  <small className="muted"> · until {formatDate(i.expires_at.slice(0, 10))}</small>
                </span>
                {owner || i.invited_by === userId ? (
                  <button
                    type="button"
                    className="button small ghost"
                    onClick={() =>
                      run(withdrawInvitation(userId, householdId, i.id), 'Invitation withdrawn.')
                    }
                  >
                    Withdraw<span className="visually-hidden"> the invitation {i.email ?? 'link'}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {state.members.length > 1 && !owner ? (
        <p>
          <button
            type="button"
            className="button danger"
            onClick={() =>
              ask({
                title: 'Leave this household?',
                message: 'What you added stays with it.',
                confirm: 'Leave',
                onConfirm: () => run(leave(userId, householdId), 'You left the household.'),
              })
            }
          >
            Leave household
          </button>
        </p>
      ) : null}
      {owner && state.members.length > 1 ? (
        <p className="muted small">To leave, first hand the household over to someone else.</p>
      ) : null}
    </Page>
  );
}

function MemberRow({
  member,
  isMe,
  canManage,
  onHandOver,
  onRemove,
}: {
  member: Member;
  isMe: boolean;
  canManage: boolean;
  onHandOver: () => void;
  onRemove: () => void;
}) {
  const name = member.name ?? member.email ?? 'Someone';
  return (
    <li className="list-item">
      {member.avatar_url ? <img src={member.avatar_url} alt="" width="32" height="32" /> : null}
      <span className="grow">
        {name}
        {isMe ? ' (you)' : ''}
        <small className="muted"> · {member.role === 'owner' ? 'Owner' : 'Member'}</small>
      </span>
      {canManage ? (
        <>
          <button type="button" className="button small ghost" onClick={onHandOver}>
            Make owner<span className="visually-hidden"> {name}</span>
          </button>
          <button type="button" className="button small danger" onClick={onRemove}>
            Remove<span className="visually-hidden"> {name}</span>
          </button>
        </>
      ) : null}
    </li>
  );
}

function RenameForm({ userId, householdId, current }: Props & { current: string }) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setName(current), [current]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const read = readField(householdNameField, name);
    if (!read.ok) return setError(read.message);
    setError(null);
    rename(userId, householdId, read.value)
      .then(() => showToast('Renamed the household.', 'success'))
      .catch((e: unknown) => setError(describeError(e).message));
  };
  return (
    <OneFieldForm
      className="inline-form card"
      label="Household name"
      value={name}
      maxLength={LIMITS.householdName.max}
      error={error}
      submit="Rename"
      primary={false}
      disabled={name.trim() === current}
      onValue={setName}
      onSubmit={onSubmit}
    />
  );
}

function InviteSection({ userId, householdId }: Props) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [made, setMade] = useState<InviteAnswer | null>(null);
  const send = (address: string | null) => {
    setPending(true);
    setError(null);
    inviteMember(userId, householdId, address)
      .then((answer) => {
        setMade(answer);
        if (address) {
          setEmail('');
          showToast(`Invitation sent to ${address}.`, 'success');
        }
      })
      .catch((e: unknown) => setError(describeError(e).message))
      .finally(() => setPending(false));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const read = readField(emailField, email);
    if (!read.ok) return setEmailError(read.message);
    setEmailError(null);
    send(read.value);
  };
  return (
    <section aria-labelledby="invite-h" className="card">
      <h2 id="invite-h">Invite someone</h2>
      <OneFieldForm
        label="Email"
        className="inline-form stacked"
        type="email"
        value={email}
        maxLength={LIMITS.email.max}
        error={emailError}
        submit="Send invitation"
        disabled={pending}
        onValue={(v) => {
          setEmail(v);
          setEmailError(null);
        }}
        onSubmit={onSubmit}
      />
      <p className="invite-or">
        <span className="muted">Or, to send it yourself: </span>
        <button type="button" className="button ghost" disabled={pending} onClick={() => send(null)}>
          Create an invitation link
        </button>
      </p>
      <FormError message={error} />
      {made && !made.email ? <InviteLink answer={made} /> : null}
    </section>
  );
}

function InviteLink({ answer }: { answer: InviteAnswer }) {
  const copy = () =>
    navigator.clipboard
      ?.writeText(answer.link)
      .then(() => showToast('Link copied.', 'success'))
      .catch(() => showToast('Copy the link by hand.', 'error'));
  return (
    <div className="invite-link">
      <Field
        label="Invitation link (works once)"
        value={answer.link}
        readOnly
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="button small" onClick={copy}>
        Copy link
      </button>
      <small className="hint">
        Send it to one person. It works until {formatDate(answer.expires_at.slice(0, 10))}.
      </small>
    </div>
  );
}

function Switcher({
  userId,
  householdId,
  run,
}: Props & { run: (action: Promise<unknown>, done: string) => void }) {
  const { memberships } = useHousehold();
  return (
    <label className="field">
      <span>Household you are working in</span>
      <select
        value={householdId}
        onChange={(e) => run(switchTo(userId, e.target.value), 'Switched household.')}
      >
        {memberships.map((m) => (
          <option key={m.household_id} value={m.household_id}>
            {m.name}
            {m.role === 'owner' ? ' (yours)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
