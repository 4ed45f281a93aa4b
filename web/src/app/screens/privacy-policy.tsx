import { CONTACT_EMAIL, LegalPage } from './legal-page.tsx';

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy policy">
      <p>
        Larder ("we", "us") helps you plan meals, keep a pantry and shopping list, and compare what recipes
        cost at Australian supermarkets. We handle personal information in line with the{' '}
        <em>Privacy Act 1988</em> (Cth) and the Australian Privacy Principles (APPs). This policy explains
        what we collect, why, and your choices.
      </p>
      <h2>What we collect (APP 3)</h2>
      <ul>
        <li>Account details: your name, e-mail address and a password (stored only as a salted hash).</li>
        <li>
          What you put into Larder: recipes you write, favourites, meal plans, the names of cooks in your
          household, pantry and shopping-list items, and your avatar choice.
        </li>
        <li>
          Technical information needed to run the service: sign-in tokens kept in your browser, and server
          logs (IP address, time, request) kept for up to 30 days for security.
        </li>
      </ul>
      <p>
        We do not collect sensitive information such as health records. Nutrition figures are computed from
        the ingredients of recipes, not from anything about you. We collect information directly from you and
        not from third parties.
      </p>
      <h2>How we use it (APP 6)</h2>
      <p>
        We use your information only to provide Larder: to sign you in, show and sync your data across your
        devices, send service e-mails you ask for (such as a password-reset link), keep the service secure,
        and fix faults. We do not sell personal information and we do not use it for advertising. We will not
        use it for another purpose unless you consent or the law requires or authorises it.
      </p>
      <h2>Direct marketing (APP 7)</h2>
      <p>
        We send no marketing without your consent, and every marketing message will let you opt out. Service
        e-mails (sign-up confirmation, password reset) are not marketing.
      </p>
      <h2>Disclosure and overseas recipients (APP 8)</h2>
      <p>
        Our data is hosted by our infrastructure provider (Supabase, on cloud servers we select in the Sydney
        region where available). Some providers that help us run the service, such as e-mail delivery, may
        process data outside Australia, including in the United States. We take reasonable steps, including
        contractual terms, to ensure they handle it consistently with the APPs. We disclose information to
        others only where you ask us to, or where the law requires it.
      </p>
      <h2>Security (APP 11)</h2>
      <p>
        Data is encrypted in transit (HTTPS) and at rest. Database rules ensure each account can read and
        change only its own data. When you delete your account we delete or de-identify your information
        within 30 days, except where the law requires us to keep it.
      </p>
      <h2>Access and correction (APPs 12 and 13)</h2>
      <p>
        You can see and correct most of your information in the app (your profile, recipes and lists). You may
        also ask us for a copy of the personal information we hold about you, or ask us to correct or delete
        it, by writing to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. We will respond within 30
        days and will not charge for a request.
      </p>
      <h2>Anonymity</h2>
      <p>
        You may use any name you like in Larder. An e-mail address is needed so you can sign in and recover
        your account.
      </p>
      <h2>Cookies and local storage</h2>
      <p>
        Larder stores your sign-in session in your browser's local storage so you stay signed in across tabs.
        We use no advertising or third-party tracking cookies.
      </p>
      <h2>Complaints</h2>
      <p>
        If you think we have mishandled your personal information, contact us at{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. We will acknowledge your complaint within 7
        days and aim to resolve it within 30 days. If you are not satisfied, you can complain to the Office of
        the Australian Information Commissioner (OAIC) at{' '}
        <a href="https://www.oaic.gov.au">www.oaic.gov.au</a> or on 1300 363 992.
      </p>
      <h2>Changes</h2>
      <p>
        We will post any change to this policy here and, for significant changes, tell you by e-mail or in the
        app before it takes effect.
      </p>
    </LegalPage>
  );
}
