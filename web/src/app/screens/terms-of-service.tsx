import { CONTACT_EMAIL, LegalPage } from './legal-page.tsx';

export default function TermsOfService() {
  return (
    <LegalPage title="Terms of service">
      <p>
        These terms apply when you use Larder. By creating an account you agree to them. If you do not agree,
        please do not use the service.
      </p>
      <h2>Your account</h2>
      <p>
        You must be at least 16 years old, or have a parent's or guardian's permission, to use Larder. Keep
        your password secret; you are responsible for what happens under your account. Tell us promptly at{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> if you think someone else has used it.
      </p>
      <h2>Your content</h2>
      <p>
        Recipes, plans and lists you add remain yours. You give us permission to store, copy and display them
        only so that we can provide the service to you. Do not upload material you do not have the right to
        share, or that is unlawful, offensive or infringes anyone's rights.
      </p>
      <h2>Nutrition and prices are estimates</h2>
      <p>
        Nutrition per portion is calculated from typical values for ingredients (such as the Australian Food
        Composition Database) and standard conversions between units. It is general information, not dietary
        or medical advice; speak to a health professional about your own needs and allergies. Supermarket
        prices are samples and change often; Larder is not affiliated with Coles, Woolworths or Aldi, and the
        price you pay in store may differ.
      </p>
      <h2>Acceptable use</h2>
      <p>
        Do not try to access other people's data, disrupt the service, probe it for weaknesses without our
        written permission, or use automated means to scrape it.
      </p>
      <h2>Australian Consumer Law</h2>
      <p>
        Nothing in these terms excludes, restricts or modifies any guarantee, right or remedy you have under
        the Australian Consumer Law or other law that cannot be excluded. To the extent the law allows, and
        apart from those guarantees, the service is provided as is, and our liability for any loss is limited
        to supplying the service again or paying the cost of having it supplied again.
      </p>
      <h2>Subscription</h2>
      <p>
        Larder is free to use. If we offer a paid subscription, its price and what it includes will be shown
        before you buy, and you may cancel at any time.
      </p>
      <h2>Ending your use</h2>
      <p>
        You may stop using Larder and ask us to delete your account at any time. We may suspend an account
        that breaks these terms, after telling you why where it is reasonable to do so.
      </p>
      <h2>Changes and governing law</h2>
      <p>
        We may update these terms; we will give you notice of material changes before they apply. These terms
        are governed by the laws of New South Wales, Australia, and you and we submit to the courts of that
        State.
      </p>
      <p>
        Questions? Contact <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
