import { ShieldCheck } from 'lucide-react';
import { CompanyAddress } from '@/components/ui/company-address';
import { site } from '@/lib/site';
import { LegalDocument, LegalLink, LegalList, LegalSection } from './components/legal-document';

/** Spec section 9's refund rules. No 'Last updated' line here: the spec shows it on privacy and terms only. */
export function RefundPolicyPage() {
  return (
    <LegalDocument
      title="Refund Policy"
      intro={
        <p>
          We want you to be sure about every course you buy from {site.productName}. This policy explains when you can
          get your money back and how long it takes.
        </p>
      }
    >
      <div className="flex gap-4 rounded-2xl border border-success/40 bg-success/10 p-5">
        <ShieldCheck className="size-7 shrink-0 text-success" aria-hidden="true" />
        <div>
          <p className="font-semibold">12-hour money-back guarantee</p>
          <p className="text-sm text-muted">
            Request a refund within 12 hours of purchase, with less than 20% of the course completed, and you get your
            money back.
          </p>
        </div>
      </div>

      <LegalSection id="refund-1" title="1. Eligibility for a Refund">
        <p>A refund request is accepted when both of these hold:</p>
        <LegalList>
          <li>it is made within 12 hours of your purchase; and</li>
          <li>you have completed less than 20% of the course.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="refund-2" title="2. Cancellations After the Guarantee Window">
        <p>
          If you ask to cancel within 48 hours of purchase and have completed less than 25% of the course, a
          cancellation may be considered. These requests are reviewed case by case and are not guaranteed.
        </p>
      </LegalSection>

      <LegalSection id="refund-3" title="3. When Refunds Are Not Available">
        <LegalList>
          <li>Requests made after the windows above, or after completing more than the share of the course allowed.</li>
          <li>Free courses, which have nothing to refund.</li>
          <li>
            Accounts that broke our <LegalLink to="/terms-and-conditions">Terms and Conditions</LegalLink>, for example
            by sharing course materials or account access.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="refund-4" title="4. How to Request a Refund">
        <p>
          Email{' '}
          <a href={`mailto:${site.supportEmail}`} className="font-medium text-accent underline underline-offset-4">
            {site.supportEmail}
          </a>{' '}
          or use our <LegalLink to="/contact-us">contact form</LegalLink> with the category Billing & Payments. Include
          the email address of your account, the course name and your payment or order reference, so we can find your
          purchase quickly.
        </p>
      </LegalSection>

      <LegalSection id="refund-5" title="5. Review and Processing Times">
        <LegalList>
          <li>
            <strong>Review:</strong> we review each request within 3-5 business days and tell you the outcome by email.
          </li>
          <li>
            <strong>Processing:</strong> an approved refund is processed within 7-10 business days, back to the original
            payment method.
          </li>
          <li>
            <strong>Bank transfers:</strong> allow an additional 3-7 business days for the amount to reach your account.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="refund-6" title="6. Access After a Refund">
        <p>
          When a refund is issued, access to the course that was paid for ends, whether it was a weekly plan or lifetime
          access. Your progress is kept in case you enroll again.
        </p>
      </LegalSection>

      <LegalSection id="refund-7" title="7. Contact">
        <p>For any question about payments or refunds, write to us at:</p>
        <CompanyAddress className="text-muted" />
      </LegalSection>
    </LegalDocument>
  );
}
