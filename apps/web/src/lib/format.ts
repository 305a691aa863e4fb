const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** '₹4,999', or 'Free' for 0. */
export const formatPrice = (rupees: number) => (rupees === 0 ? 'Free' : inr.format(rupees));

/** '₹4,999' even for 0 (tiers, totals). */
export const formatRupees = (rupees: number) => inr.format(rupees);

const count = new Intl.NumberFormat('en-IN');
export const formatCount = (n: number) => count.format(n);

/** Students in thousands with K+ (spec); the plain number below 1,000. */
export const formatStudentsShort = (n: number) => (n >= 1000 ? `${Math.floor(n / 1000)}K+` : String(n));
