import { Fragment, type ReactNode } from 'react';
import { type MessageId, t } from './i18n';

const MARK = '\u0001';

/**
 * A message with elements among its words (a link, a highlighted phrase): `{name}` placeholders filled with
 * nodes. Translated as one sentence, so each language puts the link where its grammar wants it.
 */
export function tRich(id: MessageId, nodes: Record<string, ReactNode>, values?: Record<string, unknown>): ReactNode[] {
  const marks: Record<string, string> = {};
  for (const name of Object.keys(nodes)) marks[name] = `${MARK}${name}${MARK}`;
  return t(id, { ...values, ...marks })
    .split(MARK)
    .map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{nodes[piece]}</Fragment> : piece));
}
