import { useEffect, useState } from 'react';
import { readField, userNameField } from '../../../../../shared/limits/fields.ts';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { AVATARS, avatarUrl } from '../../../../../shared/profile/avatars.ts';
import { displayName } from '../../../../../shared/profile/display-name.ts';
import { Field } from '../../../components/ui/field.tsx';
import { FormEnd, submitTo } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { describeError, type Problem } from '../../../lib/errors.ts';
import { saveProfile, useProfile } from '../store.ts';

export function ProfilePage({ userId, email }: { userId: string; email: string }) {
  const { profile, loaded } = useProfile();
  const [name, setName] = useState('');
  const [avatar, setAvatar] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  // The form follows the stored values, not the row object: a re-fetch of the same row (a live
  // feed coming up) must not undo what the person is choosing.
  const storedName = profile?.name ?? '';
  const storedAvatar = profile?.avatar_url ?? '';
  useEffect(() => setName(storedName), [storedName]);
  useEffect(() => setAvatar(storedAvatar), [storedAvatar]);
  if (!loaded) return <Skeleton lines={2} label="Loading profile..." />;
  const save = () => {
    const read = readField(userNameField, name);
    setProblem(null);
    if (!read.ok || !read.value) return setNameError(read.ok ? 'Enter your name.' : read.message);
    setNameError(null);
    setPending(true);
    saveProfile(userId, { name: read.value, avatar_url: avatar })
      .then(() => {
        setName(read.value);
        showToast('Profile saved.', 'success');
      })
      .catch((e: unknown) => {
        console.error('saving the profile failed', e);
        setProblem(describeError(e));
      })
      .finally(() => setPending(false));
  };
  const shown = displayName(profile?.name ?? '');
  const at = email.indexOf('@') + 1;
  return (
    <Page title="Profile">
      <div className="profile-head card">
        {profile?.avatar_url ? <img src={profile.avatar_url} alt="" width="72" height="72" /> : null}
        <div className="profile-who">
          <p className="greeting">{shown ? `Hello, ${shown}` : 'Hello'}</p>
          <p className="muted profile-email">
            {/* A long address breaks after its @ before it breaks inside a word. */}
            {at > 0 ? (
              <>
                {email.slice(0, at)}
                <wbr />
                {email.slice(at)}
              </>
            ) : (
              email
            )}
          </p>
          <p>
            <span className="badge soft">{profile?.subscription_status ? 'Subscriber' : 'Free plan'}</span>
          </p>
        </div>
      </div>
      <form className="stack card" onSubmit={submitTo(save)} noValidate>
        <Field
          label="Full name"
          value={name}
          autoComplete="name"
          maxLength={LIMITS.userName.max}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset className="avatars">
          <legend>Avatar</legend>
          {AVATARS.map((fruit) => {
            const url = avatarUrl(fruit);
            return (
              <label key={fruit} className="avatar-option">
                <input
                  type="radio"
                  name="avatar"
                  value={url}
                  checked={avatar === url}
                  onChange={() => setAvatar(url)}
                />
                <img src={url} alt="" width="56" height="56" />
                <span className="avatar-name">{fruit}</span>
              </label>
            );
          })}
        </fieldset>
        <FormEnd problem={problem} onRetry={save} pending={pending} label="Save profile" />
      </form>
    </Page>
  );
}
