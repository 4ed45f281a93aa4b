import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Page } from '../../../components/ui/page.tsx';
import { paths } from '../../../config/paths.ts';

export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-wrap">
      <Link href={paths.home} className="brand brand-large">
        Larder
      </Link>
      <div className="card auth-card">
        <Page title={title}>{children}</Page>
      </div>
      {footer ? <div className="auth-footer">{footer}</div> : null}
    </div>
  );
}
