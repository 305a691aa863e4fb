import { AlertTriangle } from 'lucide-react';
import { CompanyAddress } from '@/components/ui/company-address';
import { site } from '@/lib/site';
import { LegalDocument, LegalLink, LegalList, LegalSection } from './components/legal-document';

export function TermsPage() {
  const name = site.productName;
  return (
    <LegalDocument
      title="Terms and Conditions"
      lastUpdated="December 2024"
      intro={
        <p>
          These terms govern your use of the {name} website, courses and services. Please read them carefully: by using{' '}
          {name} you agree to them.
        </p>
      }
    >
      <LegalSection id="terms-1" title="1. Acceptance of Terms">
        <p>
          By creating an account, enrolling in a course or otherwise using our services, you agree to these Terms and
          Conditions and to our <LegalLink to="/privacy-policy">Privacy Policy</LegalLink>. If you do not agree, do not
          use the services.
        </p>
      </LegalSection>

      <LegalSection id="terms-2" title="2. Our Services">
        <p>
          {name} provides online courses in AI engineering: video lessons, projects, progress tracking and related
          support. We may add, change or retire courses and features to keep the material current.
        </p>
      </LegalSection>

      <LegalSection id="terms-3" title="3. Accounts">
        <LegalList>
          <li>You sign in with a Google or GitHub account and must keep that account secure.</li>
          <li>Your account is personal. You may not share it or let anyone else use your access.</li>
          <li>You are responsible for activity that happens under your account.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="terms-4" title="4. Enrollment and Course Access">
        <p>
          Free courses are available to any signed-in learner. Paid courses are sold in pricing tiers: a weekly plan
          gives access for 7 days from payment and can be extended, and a permanent plan gives lifetime access for as
          long as the course is offered. Some lessons are free previews.
        </p>
      </LegalSection>

      <LegalSection id="terms-5" title="5. Payments and Refunds">
        <p>
          Prices are shown and charged in Indian Rupees (₹) and include applicable taxes unless stated otherwise.
          Payments are processed securely by our payment provider. Refunds follow our{' '}
          <LegalLink to="/refund-policy">Refund Policy</LegalLink>, including the 12-hour money-back guarantee.
        </p>
      </LegalSection>

      <LegalSection id="terms-6" title="6. Intellectual Property and Use of Course Materials">
        <p>
          All course content, including videos, code, slides and text, belongs to {name} or its instructors and is
          licensed to you for your personal, non-commercial learning only.
        </p>
        <LegalList>
          <li>
            Sharing course materials is prohibited: you may not copy, download outside the platform's features, record,
            resell, publish or distribute them.
          </li>
          <li>
            Usage is tracked, including viewing activity and sign-ins, to detect shared accounts and unauthorised
            distribution.
          </li>
          <li>Code you write in projects is yours to keep and show in your portfolio.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="terms-7" title="7. Acceptable Use">
        <p>
          Do not misuse the services: no attempts to bypass access controls or payments, no disruption of the platform,
          no harassment of instructors or other learners, and no unlawful activity.
        </p>
      </LegalSection>

      <LegalSection id="terms-8" title="8. Disclaimer of Warranties">
        <p>
          Courses and services are provided "as is" and "as available", without warranties of any kind, express or
          implied. We do not guarantee any particular job, salary or exam outcome from taking a course, or that the
          services will be uninterrupted or error-free.
        </p>
      </LegalSection>

      <LegalSection id="terms-9" title="9. Limitation of Liability">
        <p>
          To the fullest extent permitted by law, our liability is limited. {name} is not liable for indirect,
          incidental, special or consequential damages, or for loss of profits, data or opportunities, and our total
          liability for any claim is limited to the amount you paid for the course concerned.
        </p>
      </LegalSection>

      <LegalSection id="terms-10" title="10. Termination">
        <p>
          We may suspend or terminate your access to any or all services at our discretion, with or without notice, in
          particular if you break these terms, for example by sharing course materials or your account. You may stop
          using the services and delete your account at any time.
        </p>
      </LegalSection>

      <LegalSection id="terms-11" title="11. Governing Law">
        <p>
          These terms are governed by the laws of India. Any dispute arising from them or from your use of the services
          is subject to the exclusive jurisdiction of the courts in Bangalore, India.
        </p>
      </LegalSection>

      <LegalSection id="terms-12" title="12. Changes to Terms">
        <p>
          We may update these terms from time to time. The date at the top shows the latest version. Continuing to use
          the services after a change means you accept the updated terms.
        </p>
      </LegalSection>

      <LegalSection id="terms-13" title="13. Contact Information">
        <p>
          Questions about these terms? Email{' '}
          <a href={`mailto:${site.supportEmail}`} className="font-medium text-accent underline underline-offset-4">
            {site.supportEmail}
          </a>{' '}
          or write to us at:
        </p>
        <CompanyAddress className="text-muted" />
      </LegalSection>

      <aside
        aria-labelledby="important-notice"
        className="flex gap-4 rounded-2xl border border-yellow-500/50 bg-yellow-500/10 p-5"
      >
        <AlertTriangle className="size-6 shrink-0 text-yellow-400 [.light_&]:text-yellow-700" aria-hidden="true" />
        <div className="space-y-2">
          <h2 id="important-notice" className="font-bold">
            Important Notice
          </h2>
          <p className="text-sm">
            By using {name} you confirm that you have read, understood and agree to these Terms and Conditions. Course
            materials are for your personal use only: sharing them is prohibited, usage is tracked, and violations lead
            to termination of access without refund.
          </p>
        </div>
      </aside>
    </LegalDocument>
  );
}
