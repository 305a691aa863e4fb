import { CompanyAddress } from '@/components/ui/company-address';
import { site } from '@/lib/site';
import { LegalDocument, LegalLink, LegalList, LegalSection } from './components/legal-document';

export function PrivacyPolicyPage() {
  const name = site.productName;
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated="December 2024"
      intro={
        <p>
          This policy explains what personal information {name} collects when you use our website and courses, why we
          collect it, who we share it with and the choices you have.
        </p>
      }
    >
      <LegalSection id="privacy-1" title="1. Who We Are">
        <p>
          {name} is an online learning platform for aspiring AI engineers, operated from {site.address.city},{' '}
          {site.address.country}. In this policy, "we", "us" and "our" mean {name}; "you" means anyone who visits our
          website or takes our courses.
        </p>
      </LegalSection>

      <LegalSection id="privacy-2" title="2. Information We Collect">
        <p>We collect only what we need to run the platform:</p>
        <LegalList>
          <li>
            <strong>Account information.</strong> When you sign in with Google or GitHub we receive your name, email
            address and profile picture from that provider. We never see your Google or GitHub password.
          </li>
          <li>
            <strong>Learning activity.</strong> The courses you enroll in, the lessons you watch, your progress and
            watch time, and video playback events such as play, pause, seek and completion.
          </li>
          <li>
            <strong>Payment information.</strong> Payments are processed by our payment provider, Razorpay. We keep the
            order, amount, status and the provider's payment reference; we never receive or store your full card number,
            CVV or banking passwords.
          </li>
          <li>
            <strong>Messages you send us.</strong> The name, email, optional phone number, subject and message you
            submit through the contact form, together with the ticket number we assign.
          </li>
          <li>
            <strong>Technical information.</strong> Your IP address, browser and device type, pages visited and the time
            of your visits, collected through cookies and similar technologies.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="privacy-3" title="3. How We Use Your Information">
        <LegalList>
          <li>To create and secure your account and keep you signed in.</li>
          <li>To give you access to the courses you enroll in and remember where you left off.</li>
          <li>To process payments, issue receipts and handle refunds.</li>
          <li>To answer your questions and support requests.</li>
          <li>To understand how the platform is used, fix problems and improve our courses.</li>
          <li>
            To protect our course materials: usage is tracked to detect account sharing and unauthorised distribution of
            content.
          </li>
          <li>To meet our legal, tax and accounting obligations.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="privacy-4" title="4. Cookies, Analytics and Session Recording">
        <p>
          We use a strictly necessary session cookie to keep you signed in. It is marked HttpOnly, so scripts on the
          page cannot read it, and it expires after 30 days of inactivity or when you log out.
        </p>
        <p>
          We also use third-party analytics and session-recording tools to understand how visitors use the site, for
          example which pages are hard to navigate. These tools may record page views, clicks and scrolling. You can
          block them with your browser's privacy settings or a content blocker without losing access to your courses.
        </p>
      </LegalSection>

      <LegalSection id="privacy-5" title="5. How We Share Your Information">
        <p>We do not sell your personal information. We share it only with:</p>
        <LegalList>
          <li>Google and GitHub, to sign you in;</li>
          <li>Razorpay, to process your payments;</li>
          <li>hosting, analytics and email providers who process data on our behalf under contract;</li>
          <li>authorities, when the law requires it or to protect our rights and the safety of our users.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="privacy-6" title="6. Data Retention">
        <p>
          We keep your account and learning history for as long as your account is active. When you delete your account,
          we delete your profile, sessions and progress. Payment records are kept for the period required by Indian tax
          and accounting law, without a link to a deleted account.
        </p>
        <p>
          Deleting your account also deletes the messages you sent us through the contact form. What remains afterwards
          is the record of each payment you made (order number, course, amount, status, dates and Razorpay's payment
          reference), no longer linked to you or to any account. We keep it for eight financial years after the year of
          the payment, the longest period Indian company and tax law requires businesses to keep their accounts, and
          then delete it.
        </p>
      </LegalSection>

      <LegalSection id="privacy-7" title="7. Data Security">
        <p>
          Data travels over encrypted connections. Session tokens are stored only as secure hashes, access to our
          systems is restricted to staff who need it, and payment details stay with our payment provider. No system is
          perfectly secure, but we work to protect your information and will notify you of a breach as the law requires.
        </p>
      </LegalSection>

      <LegalSection id="privacy-8" title="8. Your Rights and Choices">
        <LegalList>
          <li>See and correct your name from your profile page.</li>
          <li>Delete your account from the settings page at any time.</li>
          <li>Ask us for a copy of the personal information we hold about you, or ask us to correct or erase it.</li>
          <li>Withdraw consent to optional analytics by blocking those scripts in your browser.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="privacy-9" title="9. Children's Privacy">
        <p>
          Our courses are meant for professionals and students aged 18 or over, or younger learners with the permission
          of a parent or guardian. We do not knowingly collect information from children under 13.
        </p>
      </LegalSection>

      <LegalSection id="privacy-10" title="10. Changes to This Policy">
        <p>
          We may update this policy as our services or the law change. The date at the top shows the latest version;
          significant changes will be announced on the website.
        </p>
      </LegalSection>

      <LegalSection id="privacy-11" title="11. Contact Us">
        <p>
          Questions about your privacy? Email us at{' '}
          <a href={`mailto:${site.supportEmail}`} className="font-medium text-accent underline underline-offset-4">
            {site.supportEmail}
          </a>
          , use our <LegalLink to="/contact-us">contact form</LegalLink>, or write to:
        </p>
        <CompanyAddress className="text-muted" />
      </LegalSection>
    </LegalDocument>
  );
}
