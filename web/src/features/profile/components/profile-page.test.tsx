import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profile, resetProfile } from '../store.ts';
import { ProfilePage } from './profile-page.tsx';

const css = readFileSync(resolve(import.meta.dirname, '../../../styles.css'), 'utf8');
/** The declarations of the first rule whose selector list names `selector`. */
const ruleOf = (selector: string) =>
  css.match(new RegExp(`(?:^|[},])\\s*[^{}]*${selector.replace('.', '\\.')}\\b[^{}]*\\{([^}]*)\\}`))?.[1] ??
  '';

describe('ProfilePage', () => {
  afterEach(resetProfile);

  it('lets a long e-mail wrap instead of widening the page at 320 px (QA 5)', () => {
    profile.profile = { id: 'u', name: 'Ada', avatar_url: null, subscription_status: false } as never;
    profile.loaded = true;
    const email = 'a.very.long.address.for.testing.wrapping@example-household.com.au';
    render(<ProfilePage userId="u" email={email} />);
    const shown = screen.getByText(email);
    expect(shown).toHaveClass('profile-email');
    expect(ruleOf('.profile-email')).toMatch(/overflow-wrap:\s*anywhere/);
    // It breaks after the @ before it breaks inside a word ("…@ex / ample.com" on a phone).
    expect(shown.querySelector('wbr')?.previousSibling?.textContent).toBe(
      'a.very.long.address.for.testing.wrapping@',
    );
    // A flex child's min-width is auto by default, which would let the text push the card wider.
    expect(shown.parentElement).toHaveClass('profile-who');
    expect(ruleOf('.profile-who')).toMatch(/min-width:\s*0/);
  });
});
