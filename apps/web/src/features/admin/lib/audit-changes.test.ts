import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('reads an edit as key: old → new, prices in rupees', () => {
    expect(
      auditChanges(
        { title: 'Agents', pricePaise: 499_900, featured: false },
        { title: 'Agents, Hands-on', pricePaise: 549_950, featured: true },
      ),
    ).toEqual([
      { key: 'title', before: 'Agents', after: 'Agents, Hands-on' },
      { key: 'price', before: '₹4,999', after: '₹5,499.50' },
      { key: 'featured', before: 'no', after: 'yes' },
    ]);
  });

  it('reads a creation from nothing and a removal to nothing', () => {
    expect(auditChanges(null, { courseId: 'x', originalPricePaise: 0 })).toEqual([
      { key: 'courseId', before: '—', after: 'x' },
      { key: 'originalPrice', before: '—', after: '₹0' },
    ]);
    expect(auditChanges({ email: 'a@example.com', role: 'admin' }, null)).toEqual([
      { key: 'email', before: 'a@example.com', after: '—' },
      { key: 'role', before: 'admin', after: '—' },
    ]);
  });

  it('shows empty text, lists and long text readably', () => {
    const long = 'x'.repeat(300);
    const [description, instructors, status] = auditChanges(
      { description: '', instructors: [], status: 'draft' },
      { description: long, instructors: ['u1', 'u2'], status: 'published' },
    );
    expect(description).toEqual({ key: 'description', before: 'empty', after: `${'x'.repeat(159)}…` });
    expect(instructors).toEqual({ key: 'instructors', before: 'none', after: 'u1, u2' });
    expect(status).toEqual({ key: 'status', before: 'draft', after: 'published' });
  });

  it('has no lines for an entry without values', () => {
    expect(auditChanges(null, null)).toEqual([]);
  });
});
