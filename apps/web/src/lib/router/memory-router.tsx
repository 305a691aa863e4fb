import { type ReactNode, useState } from 'react';
import { createMemoryRouter } from './create-router';
import { RouterProvider } from './router-provider';

/** A router at `initialEntries` for a component tested outside the route table: it draws `children`. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([], { initialEntries }));
  return <RouterProvider router={router}>{children}</RouterProvider>;
}
