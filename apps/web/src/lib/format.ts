/** '₹4,999', '₹2,399.20' (a coupon's price has paise: always two digits then), or 'Free' for 0. */
export const formatPrice = (rupees: number) => (rupees === 0 ? 'Free' : formatRupees(rupees));

/** '₹4,999' or '₹2,399.20', even for 0 (tiers, totals). */
export const formatRupees = (rupees: number) => formatPaise(Math.round(rupees * 100));

const count = new Intl.NumberFormat('en-IN');
export const formatCount = (n: number) => count.format(n);

/** Students in thousands with K+ (spec); the plain number below 1,000. */
export const formatStudentsShort = (n: number) => (n >= 1000 ? `${Math.floor(n / 1000)}K+` : String(n));

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount the API gives in paise, for reading: '₹4,999', '₹4,999.50', '₹0'. */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : withPaise.format(paise / 100);
}
