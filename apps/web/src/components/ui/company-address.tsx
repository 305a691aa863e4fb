import { cn } from '@/lib/cn';
import { site } from '@/lib/site';

/** The company's postal address from content/site.json. */
export function CompanyAddress({ className, withName = true }: { className?: string; withName?: boolean }) {
  const { address } = site;
  return (
    <address className={cn('not-italic', className)}>
      {withName && (
        <>
          {site.productName}
          <br />
        </>
      )}
      {address.line1}
      <br />
      {address.line2}
      <br />
      {address.city}, {address.state} {address.postalCode}
      <br />
      {address.country}
    </address>
  );
}
