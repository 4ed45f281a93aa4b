import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Page } from '../../components/ui/page.tsx';
import { paths } from '../../config/paths.ts';

export const LEGAL_UPDATED = '22 November 2026';
export const CONTACT_EMAIL = 'privacy@larder.app';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="legal">
      <Page title={title}>
        <p className="muted">Last updated {LEGAL_UPDATED}</p>
        {children}
        <p className="legal-nav">
          <Link href={paths.home}>Home</Link> · <Link href={paths.privacyPolicy}>Privacy policy</Link> ·{' '}
          <Link href={paths.termsOfService}>Terms of service</Link>
        </p>
      </Page>
    </div>
  );
}
