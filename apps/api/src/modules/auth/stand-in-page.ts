/** Escapes text for HTML element content and double-quoted attributes. */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const STAND_IN_DEFAULTS = { name: 'Demo Learner', email: 'learner@example.com' };

export interface StandInPageInput {
  productName: string;
  providerLabel: string;
  /** The provider's client id and secret variables, named so a developer knows how to use the real one. */
  envPrefix: string;
  action: string;
  state: string;
  codeChallenge: string;
  name?: string;
  email?: string;
  error?: string;
  /** Where the development mailbox is, when there is one (no SMTP_URL): linked so a newcomer finds the email. */
  mailboxPath?: string;
  /** The demo admin, offered as a one-click sign-in into the staff console (embedded default only). */
  demoAdmin?: { name: string; email: string };
}

/**
 * The development stand-in's sign-in page: says plainly what it is, with a labelled form prefilled for a
 * demo learner. Plain HTML and inline CSS (no scripts), light and dark, usable by keyboard and screen reader.
 */
export function renderStandInPage(input: StandInPageInput): string {
  const e = escapeHtml;
  const label = e(input.providerLabel);
  const name = e(input.name ?? STAND_IN_DEFAULTS.name);
  const email = e(input.email ?? STAND_IN_DEFAULTS.email);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in with ${label} (development stand-in) | ${e(input.productName)}</title>
<style>
  :root { color-scheme: dark light; --bg: #0b1016; --surface: #121a23; --fg: #e8f1f8; --muted: #9fb1c1; --border: #26323f; --accent: #00cfff; --accent-fg: #00141a; --danger: #ff6b6b; }
  @media (prefers-color-scheme: light) { :root { --bg: #f5f8fb; --surface: #ffffff; --fg: #0b1620; --muted: #4a5b6b; --border: #cfd9e2; --accent: #007a99; --accent-fg: #ffffff; --danger: #b42318; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: 100%; max-width: 26rem; background: var(--surface); border: 1px solid var(--border); border-radius: 1rem; padding: 2rem; }
  .badge { display: inline-block; margin: 0 0 1rem; padding: 0.2rem 0.6rem; border: 1px solid var(--accent); border-radius: 999px; color: var(--accent); font-size: 0.8rem; font-weight: 600; }
  h1 { margin: 0 0 0.5rem; font-size: 1.5rem; }
  p { margin: 0 0 1rem; color: var(--muted); }
  code { font-size: 0.85em; }
  label { display: block; margin: 1rem 0 0.35rem; font-weight: 600; }
  input { width: 100%; padding: 0.7rem 0.8rem; border: 1px solid var(--border); border-radius: 0.5rem; background: var(--bg); color: var(--fg); font: inherit; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { flex: 1; min-height: 2.75rem; border-radius: 0.5rem; font: inherit; font-weight: 600; cursor: pointer; border: 1px solid var(--border); background: transparent; color: var(--fg); }
  button[value="allow"] { background: var(--accent); border-color: var(--accent); color: var(--accent-fg); }
  a { color: var(--accent); }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .staff { margin: 1.5rem 0 0; padding-top: 1rem; border-top: 1px solid var(--border); }
  .staff p { font-size: 0.9rem; margin-bottom: 0.75rem; }
  .staff button { width: 100%; }
  .mailbox { margin: 1.5rem 0 0; padding-top: 1rem; border-top: 1px solid var(--border); font-size: 0.9rem; }
  .error { color: var(--danger); font-weight: 600; }
</style>
</head>
<body>
<main>
  <p class="badge">Development only</p>
  <h1>Sign in with ${label}</h1>
  <p>This is the local development stand-in for ${label} sign-in. No ${label} account is used: sign in as a demo learner with any name and email.</p>
  <p>It never runs in production. To use real ${label} sign-in, set <code>${e(input.envPrefix)}_CLIENT_ID</code> and <code>${e(input.envPrefix)}_CLIENT_SECRET</code>.</p>
  ${input.error ? `<p class="error" role="alert">${e(input.error)}</p>` : ''}
  <form method="post" action="${e(input.action)}">
    <input type="hidden" name="state" value="${e(input.state)}">
    <input type="hidden" name="code_challenge" value="${e(input.codeChallenge)}">
    <label for="name">Name</label>
    <input id="name" name="name" type="text" value="${name}" required maxlength="80" autocomplete="name">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" value="${email}" required maxlength="254" autocomplete="email">
    <div class="actions">
      <button type="submit" name="action" value="allow">Sign in</button>
      <button type="submit" name="action" value="deny" formnovalidate>Cancel</button>
    </div>
  </form>
  ${
    input.demoAdmin
      ? `<form method="post" action="${e(input.action)}" class="staff">
    <input type="hidden" name="state" value="${e(input.state)}">
    <input type="hidden" name="code_challenge" value="${e(input.codeChallenge)}">
    <input type="hidden" name="name" value="${e(input.demoAdmin.name)}">
    <input type="hidden" name="email" value="${e(input.demoAdmin.email)}">
    <input type="hidden" name="action" value="allow">
    <p>Staff console: sign in as ${e(input.demoAdmin.email)}, an admin in this local installation.</p>
    <button type="submit">Sign in as the demo admin</button>
  </form>`
      : ''
  }
  ${
    input.mailboxPath
      ? `<p class="mailbox">Email the product sends (welcome, receipts, replies) is kept locally instead of sent: <a href="${e(input.mailboxPath)}">Open the development mailbox</a>.</p>`
      : ''
  }
</main>
</body>
</html>`;
}
