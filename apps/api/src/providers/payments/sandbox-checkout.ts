import { API_PREFIX, endpoints } from '@kaushal/contract';

/**
 * The checkout's look. Unlayered rules on classes of its own: they win over the page's Tailwind reset (which
 * sits in a cascade layer and takes a <dialog>'s auto margins, the thing that centres it). Colours come from
 * the product's theme tokens on <html> (dark and light, index.css), with fallbacks for a page without them;
 * the accent is the order's theme colour (spec: #00CFFF).
 */
const STYLES = `
.kz-checkout{position:fixed;inset:0;margin:auto;box-sizing:border-box;width:calc(100% - 2rem);max-width:26rem;
  height:fit-content;max-height:calc(100dvh - 2rem);overflow:auto;padding:0;
  border:1px solid var(--color-border,#d3dae6);border-top:6px solid var(--kz-accent,#00CFFF);border-radius:16px;
  background:var(--color-surface,#fff);color:var(--color-fg,#0b1220);
  font:15px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  box-shadow:0 24px 64px rgba(0,0,0,.45)}
.kz-checkout::backdrop{background:rgba(3,7,18,.72);backdrop-filter:blur(2px)}
.kz-checkout *{box-sizing:border-box}
.kz-checkout-body{padding:24px}
.kz-checkout h2{margin:0 0 4px;font-size:18px;font-weight:700;line-height:1.3}
.kz-checkout p{margin:0 0 8px}
.kz-checkout .kz-desc{color:var(--color-muted,#4a5670)}
.kz-checkout .kz-amount{margin:8px 0;font-size:30px;font-weight:700;line-height:1.2}
.kz-checkout .kz-note{font-size:13px;color:var(--color-muted,#4a5670)}
.kz-checkout .kz-status{min-height:1.5em;font-size:14px;color:var(--color-muted,#4a5670)}
.kz-checkout .kz-status[data-tone="error"]{color:var(--color-danger,#b42318)}
.kz-checkout .kz-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}
.kz-checkout button{flex:1 1 auto;min-height:44px;padding:0 16px;border-radius:10px;cursor:pointer;
  font:600 15px ui-sans-serif,system-ui,sans-serif;border:1px solid var(--color-border,#d3dae6);
  background:var(--color-surface-2,#eef2f8);color:var(--color-fg,#0b1220)}
.kz-checkout button:focus-visible{outline:2px solid var(--color-fg,#0b1220);outline-offset:2px}
.kz-checkout button:disabled{opacity:.6;cursor:progress}
.kz-checkout .kz-pay{flex-basis:100%;border-color:transparent;background:var(--kz-accent,#00CFFF);color:#00131a}
.kz-checkout .kz-fail{color:var(--color-danger,#b42318)}
@media (prefers-reduced-motion:no-preference){
  .kz-checkout[open]{animation:kz-checkout-in .16s ease-out}
  @keyframes kz-checkout-in{from{opacity:0;transform:translateY(8px) scale(.98)}}
}`;

/**
 * The sandbox's stand-in for https://checkout.razorpay.com/v1/checkout.js: it defines `window.Razorpay` with
 * the surface the pay button uses (`new Razorpay(options)`, `.on('payment.failed', fn)`, `.open()`, `.close()`,
 * `options.handler(response)`, `options.modal.ondismiss()`), and behaves as Razorpay's checkout does: a modal
 * centred over a dimmed page that cannot be used meanwhile; Escape (unless `modal.escape` is false) and Close
 * dismiss it and call `ondismiss`; a click on the backdrop does nothing unless `modal.backdropclose` is true;
 * after a failed attempt it stays open so the learner can try again or close it. It is a native modal <dialog>
 * (the rest of the page is inert) whose Tab and Shift+Tab cycle through its own buttons, and focus returns to
 * where it was. Pay asks the server to sign a payment for the order, so the page then runs the real
 * /payments/verify path with a genuine signature. Plain ES2017 so it runs as served.
 */
export function sandboxCheckoutScript(): string {
  const payPath = `${API_PREFIX}${endpoints.sandboxPay.path}`;
  return `/* Payment sandbox checkout (development only) */
(function () {
  'use strict';
  if (window.Razorpay && window.Razorpay.sandbox) return;
  var script = document.currentScript;
  var payUrl = new URL(${JSON.stringify(payPath)}, script && script.src ? script.src : window.location.href).toString();
  // Whole rupees as ₹2,999; with paise (a coupon's price) always two digits: ₹2,399.20.
  function inr(paise) {
    var digits = paise % 100 === 0 ? 0 : 2;
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(paise / 100);
  }
  var STYLES = ${JSON.stringify(STYLES)};
  var uid = 0;
  // The page usually disables its pay button while the order is created, which drops focus to <body> before
  // open() runs: remember the last element that had focus, to return there.
  var lastFocused = null;
  document.addEventListener('focusin', function (event) { lastFocused = event.target; }, true);

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function addStyles() {
    if (document.getElementById('kz-checkout-styles')) return;
    var style = document.createElement('style');
    style.id = 'kz-checkout-styles';
    style.textContent = STYLES;
    document.head.appendChild(style);
  }

  /** Focus back where it was; the page may re-enable that control a frame or two after the checkout closes. */
  function restoreFocus(target) {
    if (!target || typeof target.focus !== 'function' || !target.isConnected) return;
    var tries = 0;
    (function attempt() {
      target.focus();
      if (document.activeElement !== target && ++tries < 20 && target.isConnected) requestAnimationFrame(attempt);
    })();
  }

  function failure(orderId, description, reason) {
    return {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: description,
        source: 'customer',
        step: 'payment_authorization',
        reason: reason,
        metadata: { order_id: orderId, payment_id: '' }
      }
    };
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key || !options.order_id) throw new Error('Razorpay: key and order_id are required');
    this.options = options;
    this.handlers = {};
    this.dialog = null;
    this.returnFocus = null;
    this.savedOverflow = '';
  }
  Razorpay.sandbox = true;

  Razorpay.prototype.on = function (event, fn) {
    (this.handlers[event] = this.handlers[event] || []).push(fn);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.handlers[event] || []).forEach(function (fn) { fn(payload); });
  };

  /** Closes without calling ondismiss (the payment succeeded, or the page closed it). */
  Razorpay.prototype.close = function () {
    if (!this.dialog) return;
    var dialog = this.dialog;
    this.dialog = null;
    if (dialog.open) dialog.close();
    dialog.remove();
    document.documentElement.style.overflow = this.savedOverflow;
    restoreFocus(this.returnFocus);
  };

  /** The learner closed it: Close, Escape, or the backdrop when modal.backdropclose is set. */
  Razorpay.prototype.dismiss = function () {
    if (!this.dialog) return;
    var returnFocus = this.returnFocus;
    this.returnFocus = null;
    this.close();
    var modal = this.options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
    restoreFocus(returnFocus);
  };

  Razorpay.prototype.open = function () {
    if (this.dialog) return;
    addStyles();
    var self = this;
    var o = this.options;
    var modal = o.modal || {};
    var color = (o.theme && o.theme.color) || '#00CFFF';
    var id = 'sandbox-checkout-' + (++uid);
    var active = document.activeElement;
    this.returnFocus = active && active !== document.body ? active : lastFocused;

    var dialog = el('dialog', 'kz-checkout');
    dialog.style.setProperty('--kz-accent', color);
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', id + '-title');
    dialog.setAttribute('aria-describedby', id + '-desc');
    dialog.setAttribute('data-testid', 'sandbox-checkout');
    var body = el('div', 'kz-checkout-body');

    var title = el('h2', '', 'Test payment');
    title.id = id + '-title';
    var desc = el('p', 'kz-desc', (o.name || '') + (o.description ? ': ' + o.description : ''));
    desc.id = id + '-desc';
    var amount = el('p', 'kz-amount', inr(Number(o.amount) || 0));
    var who = o.prefill && (o.prefill.name || o.prefill.email)
      ? el('p', 'kz-desc', 'Paying as ' + [o.prefill.name, o.prefill.email].filter(Boolean).join(', '))
      : null;
    var note = el('p', 'kz-note', 'Sandbox mode: no real money moves.');
    var status = el('p', 'kz-status');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');

    var pay = el('button', 'kz-pay', 'Pay');
    var fail = el('button', 'kz-fail', 'Fail');
    var close = el('button', 'kz-close', 'Close');
    var buttons = [pay, fail, close];
    buttons.forEach(function (b) { b.type = 'button'; });
    var row = el('div', 'kz-actions');
    row.append(pay, fail, close);

    body.append(title, desc, amount);
    if (who) body.append(who);
    body.append(note, status, row);
    dialog.append(body);

    function say(text, tone) {
      status.textContent = text;
      if (tone) status.setAttribute('data-tone', tone); else status.removeAttribute('data-tone');
    }
    function busy(on) {
      buttons.forEach(function (b) { b.disabled = on; });
      dialog.setAttribute('aria-busy', on ? 'true' : 'false');
      if (!on) pay.focus();
    }

    pay.addEventListener('click', function () {
      busy(true);
      say('Processing payment...');
      fetch(payUrl, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ orderId: o.order_id })
      })
        .then(function (res) {
          return res.json().catch(function () { return {}; }).then(function (result) { return { ok: res.ok, body: result }; });
        })
        .then(function (result) {
          if (!result.ok) throw new Error(result.body && result.body.detail ? result.body.detail : 'The payment could not be completed.');
          self.close();
          if (typeof o.handler === 'function') o.handler(result.body);
        })
        .catch(function (error) {
          busy(false);
          var message = error && error.message ? error.message : 'The payment could not be completed.';
          say(message, 'error');
          self.emit('payment.failed', failure(o.order_id, message, 'payment_failed'));
        });
    });

    fail.addEventListener('click', function () {
      say('Payment failed. You can try again or close this window.', 'error');
      self.emit('payment.failed', failure(o.order_id, 'Your payment could not be completed (sandbox).', 'payment_failed'));
    });

    close.addEventListener('click', function () { self.dismiss(); });

    // Escape: the dialog's cancel. Razorpay's modal.escape (default true) decides; never while paying.
    dialog.addEventListener('cancel', function (event) {
      event.preventDefault();
      if (modal.escape !== false && !pay.disabled) self.dismiss();
    });
    // The browser may close a modal dialog itself (a second Escape cannot always be refused): a dismissal.
    dialog.addEventListener('close', function () {
      if (self.dialog === dialog) self.dismiss();
    });
    // A click on the dialog element itself is a click on the backdrop (its content fills the box).
    dialog.addEventListener('click', function (event) {
      if (event.target === dialog && modal.backdropclose === true && !pay.disabled) self.dismiss();
    });
    // Tab and Shift+Tab stay within the checkout's buttons.
    dialog.addEventListener('keydown', function (event) {
      if (event.key !== 'Tab') return;
      var enabled = buttons.filter(function (b) { return !b.disabled; });
      if (enabled.length === 0) { event.preventDefault(); return; }
      var first = enabled[0];
      var last = enabled[enabled.length - 1];
      var active = document.activeElement;
      if (event.shiftKey && (active === first || enabled.indexOf(active) === -1)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || enabled.indexOf(active) === -1)) {
        event.preventDefault();
        first.focus();
      }
    });

    this.dialog = dialog;
    this.savedOverflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    document.body.appendChild(dialog);
    dialog.showModal();
    pay.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
}
