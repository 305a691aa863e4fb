import { useEffect, useState } from 'react';

/**
 * False during the first render, true right after it. For what must not be in the server's first paint or
 * in the render that hydrates it: browser-only state, media sources, code that loads later.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
