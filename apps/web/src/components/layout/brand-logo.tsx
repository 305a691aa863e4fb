import { Link } from '@/lib/router';
import { site } from '@/lib/site';

export function BrandLogo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-bold text-fg">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="currentColor" className="text-surface-2" />
        <path d="M9 8v16M9 16l9-8M9 16l9 8" stroke="#00CFFF" strokeWidth="3" strokeLinecap="round" fill="none" />
        <circle cx="23" cy="16" r="2.5" fill="#00CFFF" />
      </svg>
      <span>{site.productName}</span>
    </Link>
  );
}
